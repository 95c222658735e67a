import { emailField, phoneNumber, requiredText } from "./fields.ts";
import { defaultLocale, locales } from "./locale.ts";
import { type PackType, packTypeSchema } from "./packs.ts";
import { pageNumberParam, searchTextParam } from "./query.ts";
import { maxNewSwimmers, newSwimmerSchema, swimmerMessages } from "./swimmers.ts";
import { translate } from "./translate.ts";
import { said, z } from "./zod.ts";

export const clientPageSize = 10;
export const maxClientPageSize = 50;

const clientFields = {
  firstName: requiredText("firstName", 100),
  lastName: requiredText("lastName", 100),
  email: emailField(),
  /** Spec §5 "phone numeric": the digits, however they are written. */
  phoneNumber,
};

/**
 * Spec §5 "Register form": every field required, the package one of the six packs. A family's registration (issue
 * 26) adds, all optional so that a caller sending only the spec's fields registers today's one-person client: the
 * guardian's language (default English), whether the client swims (default yes: they are the household's swimmer,
 * as before) and the other swimmers. A family has at least one swimmer.
 */
export const registerClientSchema = z
  .object({
    ...clientFields,
    defaultPackType: packTypeSchema,
    locale: z.enum(locales).default(defaultLocale),
    clientSwims: z.boolean().default(true),
    swimmers: z.array(newSwimmerSchema).max(maxNewSwimmers).default([]),
  })
  .refine((input) => input.clientSwims || input.swimmers.length > 0, {
    ...said(() => swimmerMessages.atLeastOne),
    path: ["swimmers"],
  });
/** What a caller sends (the family's parts may be left out). */
export type RegisterClientInput = z.input<typeof registerClientSchema>;
/** The registration as the server reads it; the family's parts have defaults (a caller in code may leave them out). */
export type RegistrationInput = Omit<z.output<typeof registerClientSchema>, FamilyParts> &
  Partial<Pick<z.output<typeof registerClientSchema>, FamilyParts>>;
type FamilyParts = "locale" | "clientSwims" | "swimmers";

/** Free text that may be empty, trimmed, at most `max` characters. */
const householdText = (max: number) =>
  z
    .string()
    .trim()
    .max(
      max,
      said(() =>
        translate(
          /*i18n*/ {
            id: "clients.textTooLong",
            message: "This field must be at most {max} characters.",
            values: { max },
          },
        ),
      ),
    )
    .refine((text) => !text.includes("\u0000"));

/** Edit Client / the clients list: any of the fields; the package may be cleared with null. */
export const updateClientSchema = z
  .object({
    firstName: clientFields.firstName.optional(),
    lastName: clientFields.lastName.optional(),
    email: clientFields.email.optional(),
    phoneNumber: clientFields.phoneNumber.optional(),
    defaultPackType: packTypeSchema.nullable().optional(),
    /** The household's address and access notes (gate code, parking, pool heater): lessons are at home. */
    address: householdText(300).optional(),
    accessNotes: householdText(1000).optional(),
  })
  .strict()
  .refine(
    (input) => Object.values(input).some((value) => value !== undefined),
    said(() => translate(/*i18n*/ { id: "clients.nothingToUpdate", message: "Nothing to update." })),
  );
export type UpdateClientInput = z.infer<typeof updateClientSchema>;

/** GET /api/clients: search is a case-insensitive substring of the first or last name. */
export const clientListQuerySchema = z.object({
  search: searchTextParam(100).default(""),
  page: pageNumberParam("page").default(1),
  pageSize: pageNumberParam("pageSize")
    .default(clientPageSize)
    .transform((size) => Math.min(size, maxClientPageSize)),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

export interface Client {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  defaultPackType: PackType | null;
  /** True while a plan of the client is active: the package cannot change then (spec §4). */
  hasActiveSubscription: boolean;
  /** The active plan (classes used of total), or null: shown in the clients list and the Edit panel. */
  plan: ClientPlan | null;
  /** Where lessons are taught, and how to get in (issue 26). */
  address: string;
  accessNotes: string;
  /**
   * The household's swimmers' first names, in the order they joined, when there is any swimmer besides the client
   * themself (the clients list shows them under the name); empty for a family of one.
   */
  swimmerNames: string[];
  createdAt: string;
}

export interface ClientPlan {
  totalClasses: number;
  usedClasses: number;
  packType: PackType;
}

export interface ClientPage {
  items: Client[];
  page: number;
  pageSize: number;
  total: number;
  /**
   * A one- or two-letter search is not counted: `total` runs to this page's end, and there is a next page
   * (docs/decisions/040).
   */
  totalAtLeast?: boolean;
}
