import { messages } from "../../domain/messages.ts";
import { appError } from "../http/errors.ts";
import type { SignedIn } from "./session.ts";

/**
 * The one ownership rule: an admin reaches every client's rows, a client only rows whose clientId is their own
 * user id. Call it before any row is read by an id that came from the request; ids in paths are never trusted.
 */
export function assertClientAccess(signedIn: SignedIn, clientId: string): void {
  if (signedIn.role === "admin") return;
  if (signedIn.role === "client" && signedIn.userId === clientId) return;
  throw appError("permission-denied", 403, messages.permissionDenied);
}
