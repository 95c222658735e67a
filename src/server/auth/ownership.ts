import type { GuardianPermission } from "../../domain/households.ts";
import { messages } from "../../domain/messages.ts";
import { appError } from "../http/errors.ts";
import type { SignedIn } from "./session.ts";

/**
 * The one ownership rule: an admin reaches every household's rows; a guardian only their own household's
 * (`clientId`, the household's id), and there only what their permission allows. Call it before any row is read by
 * an id that came from the request; ids in paths are never trusted.
 */
export function assertClientAccess(
  signedIn: SignedIn,
  clientId: string,
  permission: GuardianPermission,
): void {
  if (signedIn.role === "admin") return;
  const guardianOf = signedIn.guardianOf;
  if (guardianOf?.householdId === clientId && guardianOf.permissions[permission]) return;
  throw appError("permission-denied", 403, messages.permissionDenied);
}
