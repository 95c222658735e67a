import { emailField, phoneNumber, requiredText } from "./fields.ts";
import { z } from "./zod.ts";

/** The contact form (spec §3 "contact message", §5): five required text fields. */
export const contactMessageSchema = z.object({
  firstName: requiredText("firstName", 100),
  lastName: requiredText("lastName", 100),
  email: emailField(),
  phoneNumber,
  message: requiredText("message", 5000),
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
