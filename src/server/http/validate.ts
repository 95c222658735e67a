import type { Context } from "hono";
import type { z } from "zod";
import { appError } from "./errors.ts";

/** Parses a JSON body with a shared schema; a bad body is a 400 naming the first bad field. Nothing else runs. */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw appError("validation", 400, "The request body must be JSON.");
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join(".") || undefined;
    throw appError("validation", 400, issue?.message ?? "Invalid request.", field ? { field } : undefined);
  }
  return result.data;
}
