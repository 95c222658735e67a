import { emailField, phoneNumber, requiredText } from "./fields.ts";
import { type PackType, packTypeSchema } from "./packs.ts";
import { pageNumberParam, searchTextParam } from "./query.ts";
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

/** Spec §5 "Register form": every field required, the package one of the six packs. */
export const registerClientSchema = z.object({
  ...clientFields,
  defaultPackType: packTypeSchema,
});
export type RegisterClientInput = z.infer<typeof registerClientSchema>;

/** Edit Client / the clients list: any of the fields; the package may be cleared with null. */
export const updateClientSchema = z
  .object({
    firstName: clientFields.firstName.optional(),
    lastName: clientFields.lastName.optional(),
    email: clientFields.email.optional(),
    phoneNumber: clientFields.phoneNumber.optional(),
    defaultPackType: packTypeSchema.nullable().optional(),
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
}
