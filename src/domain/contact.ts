import { z } from "./zod.ts";

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** The contact form (spec §3 "contact message", §5): five required text fields. */
export const contactMessageSchema = z.object({
  firstName: required("First name", 100),
  lastName: required("Last name", 100),
  email: required("Email", 254).pipe(z.email("Email must be a valid email address.")),
  phoneNumber: required("Phone number", 40).regex(
    /^\+?[0-9 ()./-]{6,40}$/,
    "Phone number may contain only digits, spaces and + ( ) - . /",
  ),
  message: required("Message", 5000),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type ContactField = keyof ContactMessage;

export const emptyContactMessage: ContactMessage = {
  firstName: "",
  lastName: "",
  email: "",
  phoneNumber: "",
  message: "",
};
