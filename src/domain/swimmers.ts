import { fieldMessages, requiredText } from "./fields.ts";
import { isIsoDay } from "./school-day.ts";
import { translate } from "./translate.ts";
import { said, z } from "./zod.ts";

/**
 * A household's swimmers as the admin keeps them (issue 26, docs/decisions/019): names, birth date, notes for the
 * instructor and photo permission. The rules here are shared by Register Client, Edit Client and the server.
 */

/** Notes for the instructor (medical, fears): enough for a paragraph, not a file. */
export const swimmerNotesMax = 1000;
/** How many swimmers one registration may add, besides the client who swims. */
export const maxNewSwimmers = 10;

export const swimmerMessages = {
  get birthDateInvalid() {
    return translate(
      /*i18n*/ {
        id: "swimmers.birthDateInvalid",
        message: "Birth date must be a real day written YYYY-MM-DD.",
      },
    );
  },
  get birthDateFuture() {
    return translate(
      /*i18n*/ { id: "swimmers.birthDateFuture", message: "Birth date cannot be in the future." },
    );
  },
  get notesTooLong() {
    return translate(
      /*i18n*/ {
        id: "swimmers.notesTooLong",
        message: "Notes must be at most {max} characters.",
        values: { max: swimmerNotesMax },
      },
    );
  },
  get atLeastOne() {
    return translate(
      /*i18n*/ {
        id: "swimmers.atLeastOne",
        message: "A family needs at least one swimmer: check “The client swims too” or add a swimmer.",
      },
    );
  },
  get notFound() {
    return translate(/*i18n*/ { id: "swimmers.notFound", message: "Swimmer not found." });
  },
  get hasHistory() {
    return translate(
      /*i18n*/ {
        id: "swimmers.hasHistory",
        message:
          "This swimmer has lessons, feedback, milestones or photos, which the school keeps: they cannot be removed.",
      },
    );
  },
  get lastSwimmer() {
    return translate(
      /*i18n*/ { id: "swimmers.lastSwimmer", message: "A family keeps at least one swimmer." },
    );
  },
  get added() {
    return translate(/*i18n*/ { id: "swimmers.added", message: "Swimmer added." });
  },
  get updated() {
    return translate(/*i18n*/ { id: "swimmers.updated", message: "Swimmer updated." });
  },
  get removed() {
    return translate(/*i18n*/ { id: "swimmers.removed", message: "Swimmer removed." });
  },
};

/** The latest birth date allowed: today wherever on Earth it is already today (no clock is trusted finer). */
export function latestBirthDate(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** A birth date: a real day, not in the future; empty or null means unknown. */
const birthDateField = z
  .union([z.string(said(() => swimmerMessages.birthDateInvalid)), z.null()])
  .transform((value) => (value === null || value.trim() === "" ? null : value.trim()))
  .refine(
    (value) => value === null || isIsoDay(value),
    said(() => swimmerMessages.birthDateInvalid),
  )
  .refine(
    (value) => value === null || value <= latestBirthDate(),
    said(() => swimmerMessages.birthDateFuture),
  );

const notesField = z
  .string(said(() => swimmerMessages.notesTooLong))
  .trim()
  .max(
    swimmerNotesMax,
    said(() => swimmerMessages.notesTooLong),
  )
  .refine(
    (text) => !text.includes("\u0000"),
    said(() => fieldMessages.noNul("message")),
  );

const swimmerFields = {
  firstName: requiredText("firstName", 100),
  lastName: requiredText("lastName", 100),
  birthDate: birthDateField,
  notes: notesField,
  photoPermission: z.boolean(),
};

/** A swimmer added at registration or on Edit Client: names required; birth date, notes, photos optional. */
export const newSwimmerSchema = z
  .object({
    ...swimmerFields,
    birthDate: swimmerFields.birthDate.optional().transform((value) => value ?? null),
    notes: swimmerFields.notes.optional().transform((value) => value ?? ""),
    // Photos are the school's to ask for, not to assume: a swimmer is photographed once a guardian agreed.
    photoPermission: swimmerFields.photoPermission.optional().transform((value) => value ?? false),
  })
  .strict();
export type NewSwimmerInput = z.infer<typeof newSwimmerSchema>;

/** Edit a swimmer: any of the fields. */
export const updateSwimmerSchema = z
  .object({
    firstName: swimmerFields.firstName.optional(),
    lastName: swimmerFields.lastName.optional(),
    birthDate: swimmerFields.birthDate.optional(),
    notes: swimmerFields.notes.optional(),
    photoPermission: swimmerFields.photoPermission.optional(),
  })
  .strict()
  .refine(
    (input) => Object.values(input).some((value) => value !== undefined),
    said(() => translate(/*i18n*/ { id: "clients.nothingToUpdate", message: "Nothing to update." })),
  );
export type UpdateSwimmerInput = z.infer<typeof updateSwimmerSchema>;

/** A swimmer as a household's guardians read it (the client area's swimmer switcher). */
export interface SwimmerSummary {
  id: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
}

/** A swimmer as the admin keeps it. */
export interface Swimmer extends SwimmerSummary {
  notes: string;
  photoPermission: boolean;
  /** True for the swimmer who is a guardian (an adult learner): their name follows the guardian's. */
  isGuardian: boolean;
  /** True when the swimmer has lessons, feedback, milestones or photos: the school keeps them, so no removal. */
  hasHistory: boolean;
}

export interface SwimmersResponse {
  swimmers: SwimmerSummary[] | Swimmer[];
}

export interface SwimmerResponse {
  swimmer: Swimmer;
  message: string;
}

export interface RemoveSwimmerResponse {
  message: string;
}
