import { type PackType, packTypeSchema } from "./packs.ts";
import { z } from "./zod.ts";

export const clientPageSize = 10;
export const maxClientPageSize = 50;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

const clientFields = {
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
  email: requiredText("Email", 254)
    .pipe(z.email("Email must be a valid email address."))
    .transform((email) => email.toLowerCase()),
  /** Spec §5: "phone numeric". */
  phoneNumber: requiredText("Phone number", 15).regex(
    /^[0-9]{6,15}$/,
    "Phone number must be 6 to 15 digits, with no spaces or signs.",
  ),
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
  .refine((input) => Object.values(input).some((value) => value !== undefined), "Nothing to update.");
export type UpdateClientInput = z.infer<typeof updateClientSchema>;

/** GET /api/clients: search is a case-insensitive substring of the first or last name. */
export const clientListQuerySchema = z.object({
  search: z.string().trim().max(100, "Search at most 100 characters.").default(""),
  page: z.coerce.number().int("page must be a whole number.").min(1, "page starts at 1.").default(1),
  pageSize: z.coerce
    .number()
    .int("pageSize must be a whole number.")
    .min(1, "pageSize is at least 1.")
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
  createdAt: string;
}

export interface ClientPage {
  items: Client[];
  page: number;
  pageSize: number;
  total: number;
}
