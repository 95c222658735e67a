import { emailAddress, phoneNumber, requiredText } from "./fields.ts";
import { z } from "./zod.ts";

/** The contact form (spec §3 "contact message", §5): five required text fields. */
export const contactMessageSchema = z.object({
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
  email: requiredText("Email", 254).pipe(emailAddress(() => "Email must be a valid email address.")),
  phoneNumber,
  message: requiredText("Message", 5000),
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
