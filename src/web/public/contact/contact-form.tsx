import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type { ContactResponse } from "../../../domain/api.ts";
import type { ContactField, ContactMessage } from "../../../domain/contact.ts";
import { contactTooManyMessage, messages } from "../../../domain/messages.ts";
import { ApiError, apiFetch } from "../../api/http.ts";

/** The fields' labels (spec §2), translated where the form is shown. */
const fieldLabels: Record<ContactField, MessageDescriptor> = {
  firstName: msg`First Name`,
  lastName: msg`Last Name`,
  email: msg`Email`,
  phoneNumber: msg`Phone Number`,
  message: msg`Message`,
};
type FieldErrors = Partial<Record<ContactField, string>>;
/** `takeFocus`: false when a field the server refused has the focus instead. */
type Outcome =
  | { kind: "sent"; takeFocus: true }
  | { kind: "failed"; text: string; takeFocus: boolean }
  | null;

/**
 * The shared schema (and zod with it) loads on demand: the form needs it only once someone types, and the public
 * pages' first load stays small.
 */
const loadSchema = () => import("../../../domain/contact.ts").then((module) => module.contactMessageSchema);

const emptyMessage: ContactMessage = { firstName: "", lastName: "", email: "", phoneNumber: "", message: "" };

const fieldOrder: readonly ContactField[] = ["firstName", "lastName", "email", "phoneNumber", "message"];

const isContactField = (field: unknown): field is ContactField =>
  typeof field === "string" && (fieldOrder as readonly string[]).includes(field);

/** What the API answered, reduced to what the form shows. */
async function sendContactMessage(
  message: ContactMessage,
): Promise<
  { ok: true } | { ok: false; reason: string; shown: string; field?: ContactField; fieldMessage?: string }
> {
  try {
    await apiFetch<ContactResponse>("/api/contact", { body: message });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ApiError))
      return { ok: false, reason: String(error), shown: messages.contactFailed };
    const reason = `HTTP ${error.status}: ${error.message}`;
    // Trying again at once would fail the same way: say when it will work instead.
    const shown =
      error.status === 429 ? contactTooManyMessage(error.retryAfterSeconds) : messages.contactFailed;
    return isContactField(error.field)
      ? { ok: false, reason, shown, field: error.field, fieldMessage: error.message }
      : { ok: false, reason, shown };
  }
}

/**
 * The contact form (spec §2, §4, §5): five required fields, checked with the same schema as the server before
 * anything is sent. Success shows 'Message sent successfully!' and empties the form; any failure shows 'Failed to
 * send message. Please try again.' (or, when the per-address limit is reached, when it can be sent again) and keeps
 * what was typed. The outcome is announced and takes the focus, which also brings it into view on a phone.
 */
export function ContactForm() {
  const { t, i18n } = useLingui();
  const [values, setValues] = useState<ContactMessage>(emptyMessage);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  // What was typed before the page became interactive (it hydrates once loaded) is the form's starting value.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = Object.fromEntries(
      Object.keys(emptyMessage).map((name) => [name, String(new FormData(form).get(name) ?? "")]),
    );
    setValues((current) => ({ ...current, ...typed }));
  }, []);

  // Submit was disabled while sending, which drops its focus: give it to the outcome.
  useEffect(() => {
    const element = outcomeRef.current;
    if (!outcome?.takeFocus || !element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: "center" });
  }, [outcome]);

  const focusField = (field: ContactField) => {
    const element = formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`);
    // Centred rather than scrolled to the top edge, so its label stays in view.
    element?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: "center" });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const parsed = (await loadSchema()).safeParse(values);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isContactField(field) && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      setOutcome(null);
      const first = fieldOrder.find((field) => found[field]);
      if (first) focusField(first);
      return;
    }
    setErrors({});
    setOutcome(null);
    setSending(true);
    const result = await sendContactMessage(parsed.data);
    setSending(false);
    if (result.ok) {
      setValues(emptyMessage);
      setOutcome({ kind: "sent", takeFocus: true });
    } else {
      if (result.field && result.fieldMessage) {
        setErrors({ [result.field]: result.fieldMessage });
        focusField(result.field);
      }
      console.error(`Contact message not sent (${result.reason})`);
      setOutcome({ kind: "failed", text: result.shown, takeFocus: !result.field });
    }
  };

  const field = (name: ContactField, input: (props: FieldProps) => ReactNode) => {
    const errorId = `${name}-error`;
    const error = errors[name];
    return (
      <div className={`contact-form__field contact-form__field--${name}`}>
        <label htmlFor={`contact-${name}`}>{i18n._(fieldLabels[name])}</label>
        {input({
          id: `contact-${name}`,
          name,
          required: true,
          value: values[name],
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? errorId : undefined,
          onChange: (event) => {
            const value = event.currentTarget.value;
            setValues((current) => ({ ...current, [name]: value }));
            if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
          },
        })}
        {error && (
          <p id={errorId} className="contact-form__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      ref={formRef}
      className="contact-form"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadSchema()}
      aria-label={t`Contact form`}
    >
      {field("firstName", (props) => (
        <input {...props} type="text" autoComplete="given-name" />
      ))}
      {field("lastName", (props) => (
        <input {...props} type="text" autoComplete="family-name" />
      ))}
      {field("email", (props) => (
        <input {...props} type="email" autoComplete="email" />
      ))}
      {field("phoneNumber", (props) => (
        <input {...props} type="tel" autoComplete="tel" />
      ))}
      {field("message", (props) => (
        <textarea {...props} rows={4} />
      ))}
      <div className="contact-form__actions">
        <button type="submit" className="button button--blue" disabled={sending}>
          {sending ? <Trans>Sending…</Trans> : <Trans>Submit</Trans>}
        </button>
      </div>
      {/* The live region stays in the page so the outcome is announced when it appears. */}
      <div className="contact-form__outcome" aria-live="assertive">
        {outcome?.kind === "sent" && (
          <p ref={outcomeRef} tabIndex={-1} role="alert" className="form-alert form-alert--success">
            {messages.contactSent}
          </p>
        )}
        {outcome?.kind === "failed" && (
          <p ref={outcomeRef} tabIndex={-1} role="alert" className="form-alert form-alert--error">
            {outcome.text}
          </p>
        )}
      </div>
    </form>
  );
}

interface FieldProps {
  id: string;
  name: ContactField;
  required: true;
  value: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}
