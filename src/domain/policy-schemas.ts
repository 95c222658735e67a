import { creditHolders, lateCancellationCosts, policyLimits, policyMessages } from "./policy.ts";
import { said, z } from "./zod.ts";

/**
 * The cancellation policy's schema (zod), apart from policy.ts's rules and words, which the payments page reads
 * without the validation library (docs/decisions/044). One place for the server and the owner's form.
 */

const wholeNumber = (range: { min: number; max: number }, message: () => string) =>
  z.number(said(message)).int(said(message)).min(range.min, said(message)).max(range.max, said(message));

/** The policy as the owner saves it (PUT /api/settings/policy and the form): every field, each checked. */
export const cancellationPolicySchema = z
  .object({
    noticeHours: wholeNumber(policyLimits.noticeHours, () => policyMessages.noticeRange),
    lateCancellation: z.enum(
      lateCancellationCosts,
      said(() => policyMessages.lateCancellationChoice),
    ),
    reschedulesPerPackage: wholeNumber(
      policyLimits.reschedulesPerPackage,
      () => policyMessages.reschedulesRange,
    ),
    creditExpiryDays: wholeNumber(policyLimits.creditExpiryDays, () => policyMessages.expiryRange),
    creditsSharedBy: z.enum(
      creditHolders,
      said(() => policyMessages.creditHolderChoice),
    ),
    weatherNoticeHours: wholeNumber(policyLimits.weatherNoticeHours, () => policyMessages.weatherNoticeRange),
  })
  .strict()
  .refine((policy) => policy.weatherNoticeHours <= policy.noticeHours, {
    path: ["weatherNoticeHours"],
    ...said(() => policyMessages.weatherNoticeLonger),
  });
