import { Hono } from "hono";
import type { ContactResponse } from "../../domain/api.ts";
import { contactMessageSchema } from "../../domain/contact.ts";
import { messages } from "../../domain/messages.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { type AddressLimit, limitPerAddress } from "../http/limit-per-address.ts";
import { parseJsonBody } from "../http/validate.ts";
import { type ContactDeps, submitContactMessage } from "./service.ts";

export function contactRoutes(deps: ContactDeps & AddressLimit) {
  return new Hono<AppEnv>().post("/", limitPerAddress("contact", deps), async (c) => {
    const input = await parseJsonBody(c, contactMessageSchema);
    const result = await submitContactMessage(deps, input);
    if (!result.delivered) {
      // Stored and queued for retry: the school still gets it, but the visitor is told it did not go through yet.
      throw appError("contact-delivery-failed", 503, messages.contactFailed, { queued: true });
    }
    return c.json<ContactResponse, 201>({ message: messages.contactSent }, 201);
  });
}
