import type { Context } from "hono";
import type { z } from "zod";
import type { ErrorCode } from "../../domain/error-codes.ts";
import { messages } from "../../domain/messages.ts";
import { userIdSchema } from "../../domain/subscriptions-schemas.ts";
import { appError } from "./errors.ts";
import { httpMessages } from "./http-messages.ts";

/** application/json, with or without parameters (charset), in any letter case. */
const isJson = (contentType: string | undefined) =>
  contentType?.split(";")[0]?.trim().toLowerCase() === "application/json";

/**
 * Parses a JSON body with a shared schema: a body sent as anything but application/json is a 415 (a form or
 * text/plain post is what a cross-site page can send without asking), a bad body a 400 naming the first bad field.
 * Nothing else runs.
 * `codes` gives some fields their own error code (default "validation"), e.g. the §8 codes on sign-in.
 */
export async function parseJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  codes: Record<string, ErrorCode> = {},
): Promise<z.infer<S>> {
  if (!isJson(c.req.header("content-type"))) {
    throw appError("unsupported-media-type", 415, messages.unsupportedMediaType);
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw appError("validation", 400, httpMessages.bodyNotJson);
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join(".") || undefined;
    const code: ErrorCode = (field && codes[field]) || "validation";
    throw appError(code, 400, issue?.message ?? httpMessages.invalidRequest, field ? { field } : undefined);
  }
  return result.data;
}

/** Parses query parameters like a body: a 400 naming the first bad one. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join(".") || undefined;
    throw appError(
      "validation",
      400,
      issue?.message ?? httpMessages.invalidRequest,
      field ? { field } : undefined,
    );
  }
  return result.data;
}

/** The `:clientId` of a path (a user id: letters, digits, - and _); anything else is a 400 before any query. */
export function clientIdParam(c: Context): string {
  const parsed = userIdSchema.safeParse(c.req.param("clientId"));
  if (!parsed.success) throw appError("validation", 400, httpMessages.invalidClientId, { field: "clientId" });
  return parsed.data;
}
