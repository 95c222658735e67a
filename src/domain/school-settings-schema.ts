import { normalizeEmail, phoneDigitsMax, phoneDigitsMin } from "./fields.ts";
import {
  canonicalReelUrl,
  instagramReel,
  isEmbeddableFormUrl,
  isSampleFormUrl,
  isWebAddress,
  reelSlots,
  type SettingsField,
} from "./school-settings.ts";
import { translate } from "./translate.ts";
import { said, z } from "./zod.ts";

/**
 * School settings' checks with their words (a module of its own: the public pages read school-settings.ts and must
 * not carry zod). One place for the form and the server.
 */
export const settingsLimits = { email: 254, phone: 30, url: 500, caption: 80 } as const;

export const settingsMessages = {
  required: (field: SettingsField) =>
    translate(
      /*i18n*/ {
        id: "settings.required",
        message:
          "{field, select, email {The school's e-mail} phone {The school's phone} socialProfileUrl {The social profile address} contractFormUrl {The contract form address} reelUrl {The reel's address} caption {The caption} other {This field}} is required.",
        values: { field },
      },
    ),
  tooLong: (max: number) =>
    translate(/*i18n*/ { id: "settings.tooLong", message: "At most {max} characters.", values: { max } }),
  get emailInvalid() {
    return translate(
      /*i18n*/ {
        id: "settings.emailInvalid",
        message: "Give an e-mail address like hello@your-school.com.",
      },
    );
  },
  get phoneInvalid() {
    return translate(
      /*i18n*/ {
        id: "settings.phoneInvalid",
        message: "Give a phone number of {min} to {max} digits; spaces and + ( ) - . are fine.",
        values: { min: phoneDigitsMin, max: phoneDigitsMax },
      },
    );
  },
  get notAnAddress() {
    return translate(
      /*i18n*/ {
        id: "settings.notAnAddress",
        message:
          "This is not a web address: copy it from your browser's address bar, starting with https://.",
      },
    );
  },
  get notHttps() {
    return translate(
      /*i18n*/ {
        id: "settings.notHttps",
        message: "Only secure addresses are accepted: the address must start with https://.",
      },
    );
  },
  get notAForm() {
    return translate(
      /*i18n*/ {
        id: "settings.notAForm",
        message:
          "This is not the address of a form that can be shown inside the site. Use the share or embed address of a form on Jotform, Google Forms, Microsoft Forms, Typeform, Tally, Cognito Forms or Zoho Forms.",
      },
    );
  },
  get notAReel() {
    return translate(
      /*i18n*/ {
        id: "settings.notAReel",
        message: "Give the address of an Instagram reel or post, like https://www.instagram.com/reel/…/.",
      },
    );
  },
  get approvalChoice() {
    return translate(
      /*i18n*/ {
        id: "settings.approvalChoice",
        message: "Say whether certificates wait for your approval: on or off.",
      },
    );
  },
  get reelCount() {
    return translate(
      /*i18n*/ {
        id: "settings.reelCount",
        message: "The home page shows exactly {count} reels.",
        values: { count: reelSlots },
      },
    );
  },
};

const noNul = (text: string) => !text.includes("\u0000");

function httpsUrl(field: SettingsField) {
  return z
    .string(said(() => settingsMessages.required(field)))
    .trim()
    .min(
      1,
      said(() => settingsMessages.required(field)),
    )
    .max(
      settingsLimits.url,
      said(() => settingsMessages.tooLong(settingsLimits.url)),
    )
    .superRefine((text, context) => {
      const problem = httpsProblem(text);
      if (problem) context.addIssue({ code: "custom", message: problem() });
    });
}

/** Why `text` is not an https address of a web page, or null. */
function httpsProblem(text: string): (() => string) | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return () => settingsMessages.notAnAddress;
  }
  if (url.protocol !== "https:") {
    return url.protocol === "http:" ? () => settingsMessages.notHttps : () => settingsMessages.notAnAddress;
  }
  if (!isWebAddress(url)) return () => settingsMessages.notAnAddress;
  return null;
}

const caption = (required: boolean) =>
  z
    .string(said(() => settingsMessages.required("caption")))
    .trim()
    .min(
      required ? 1 : 0,
      said(() => settingsMessages.required("caption")),
    )
    .max(
      settingsLimits.caption,
      said(() => settingsMessages.tooLong(settingsLimits.caption)),
    )
    .refine(
      noNul,
      said(() => settingsMessages.required("caption")),
    );

export const reelSettingSchema = z.strictObject({
  url: httpsUrl("reelUrl")
    .refine(
      (text) => instagramReel.test(canonicalReelUrl(text)),
      said(() => settingsMessages.notAReel),
    )
    .transform(canonicalReelUrl),
  caption: caption(true),
  captionEs: caption(false),
  sample: z.boolean(),
});

/** What School settings sends (PUT /api/settings), checked alike in the form and on the server. */
export const schoolSettingsSchema = z.strictObject({
  email: z
    .string(said(() => settingsMessages.required("email")))
    .trim()
    .min(
      1,
      said(() => settingsMessages.required("email")),
    )
    .max(
      settingsLimits.email,
      said(() => settingsMessages.tooLong(settingsLimits.email)),
    )
    .pipe(z.email(said(() => settingsMessages.emailInvalid)))
    .transform(normalizeEmail),
  phone: z
    .string(said(() => settingsMessages.required("phone")))
    .trim()
    .min(
      1,
      said(() => settingsMessages.required("phone")),
    )
    .max(
      settingsLimits.phone,
      said(() => settingsMessages.tooLong(settingsLimits.phone)),
    )
    .refine(
      (text) => {
        const digits = text.replace(/\D/g, "").length;
        return /^\+?[\d\s().-]+$/.test(text) && digits >= phoneDigitsMin && digits <= phoneDigitsMax;
      },
      said(() => settingsMessages.phoneInvalid),
    ),
  socialProfileUrl: httpsUrl("socialProfileUrl"),
  // The sample address stays accepted as it is (nobody has a form yet): the setup checklist keeps asking for one.
  contractFormUrl: httpsUrl("contractFormUrl").refine(
    (text) => isSampleFormUrl(text) || isEmbeddableFormUrl(text),
    said(() => settingsMessages.notAForm),
  ),
  reels: z.array(reelSettingSchema).length(
    reelSlots,
    said(() => settingsMessages.reelCount),
  ),
});

/**
 * School settings' certificates (issue 28, docs/decisions/027): whether a level a swimmer passes waits for the
 * owner's approval before the family sees its certificate (on by default), or is published at once.
 */
export const certificateSettingsSchema = z.strictObject({
  approveBeforePublishing: z.boolean(said(() => settingsMessages.approvalChoice)),
});
export type CertificateSettings = z.infer<typeof certificateSettingsSchema>;
