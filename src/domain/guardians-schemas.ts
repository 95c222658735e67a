import { newPasswordSchema } from "./auth.ts";
import { emailField, requiredText } from "./fields.ts";
import { guardianMessages } from "./guardians.ts";
import { said, z } from "./zod.ts";

/**
 * The guardians' request schemas (zod), apart from guardians.ts's rules and words, which the family page reads
 * without the validation library (docs/decisions/044).
 */

export const guardianPermissionsSchema = z
  .object({ book: z.boolean(), pay: z.boolean(), progress: z.boolean(), mail: z.boolean() })
  .strict()
  .refine(
    (permissions) => Object.values(permissions).some(Boolean),
    said(() => guardianMessages.atLeastOnePermission),
  );

/** POST /api/clients/:clientId/guardians/invitations. */
export const inviteGuardianSchema = z
  .object({ email: emailField(), permissions: guardianPermissionsSchema })
  .strict();
export type InviteGuardianInput = z.infer<typeof inviteGuardianSchema>;

/** The token of an invitation link: a missing or malformed one is simply a link that does not work. */
export const invitationTokenSchema = z
  .string(said(() => guardianMessages.invitationInvalid))
  .min(
    1,
    said(() => guardianMessages.invitationInvalid),
  )
  .max(
    200,
    said(() => guardianMessages.invitationInvalid),
  )
  .regex(
    /^[A-Za-z0-9_-]+$/,
    said(() => guardianMessages.invitationInvalid),
  );

/** POST /api/guardian-invitations/accept: the invited person names themselves and chooses their password. */
export const acceptInvitationSchema = z
  .object({
    token: invitationTokenSchema,
    firstName: requiredText("firstName", 100),
    lastName: requiredText("lastName", 100),
    password: newPasswordSchema,
  })
  .strict();
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;
