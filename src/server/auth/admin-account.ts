import { newPasswordSchema } from "../../domain/auth.ts";
import { normalizeEmail } from "../../domain/fields.ts";
import type { Db } from "../db/database.ts";
import type { Auth } from "./auth.ts";
import { findUserByEmail, hasAdminRole } from "./repository.ts";

export class AdminAccountError extends Error {}

/**
 * Creates an admin with this email and password unless one exists (start-up with ADMIN_EMAIL, and
 * `npm run admin -- create`). An existing admin keeps the password they have now; an email that belongs to a
 * client is refused rather than silently promoted.
 */
export async function ensureAdmin(
  deps: { auth: Auth; db: Db },
  input: { email: string; password: string; name?: string },
): Promise<"created" | "exists"> {
  const email = normalizeEmail(input.email);
  if (!newPasswordSchema.safeParse(input.password).success) {
    throw new AdminAccountError("The admin password must be 8 to 128 characters.");
  }
  const existing = await findUserByEmail(deps.db, email);
  if (existing) {
    if (hasAdminRole(existing.role)) return "exists";
    throw new AdminAccountError(`${email} already belongs to an account that is not an admin.`);
  }
  try {
    // No headers: a trusted server call, which better-auth's admin plugin allows without an admin session.
    await deps.auth.api.createUser({
      body: { email, password: input.password, name: input.name ?? "Admin", role: "admin" },
    });
  } catch (error) {
    // Another instance starting at the same moment may have created it first: on PostgreSQL the insert then fails
    // on the unique email with the driver's own error, not one of better-auth's.
    const raced = await findUserByEmail(deps.db, email);
    if (raced && hasAdminRole(raced.role)) return "exists";
    throw error;
  }
  return "created";
}
