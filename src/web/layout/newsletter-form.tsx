import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { NewsletterSignUpResponse } from "../../domain/api.ts";
import { newsletterMessages } from "../../domain/messages.ts";
import { ApiError, apiFetch } from "../api/http.ts";
import { useSiteContent } from "./page-language.ts";

type Answer = { kind: "done" | "error"; text: string } | null;

/**
 * The footer's newsletter sign-up. Deliberately tiny and without zod (it is on every public page): the server
 * checks the address and its answer is shown as it comes, in a live region under the field.
 */
export function NewsletterForm() {
  const { t } = useLingui();
  const { footer } = useSiteContent();
  const [answer, setAnswer] = useState<Answer>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const answerRef = useRef<HTMLParagraphElement>(null);

  // The field may sit at the bottom edge of the window: bring the answer into view under it.
  useEffect(() => {
    if (answer) answerRef.current?.scrollIntoView({ block: "nearest" });
  }, [answer]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const email = input.current?.value.trim() ?? "";
    if (!email) {
      setAnswer({ kind: "error", text: newsletterMessages.emailRequired });
      input.current?.focus();
      return;
    }
    setSending(true);
    setAnswer(null);
    try {
      const { message } = await apiFetch<NewsletterSignUpResponse>("/api/newsletter", { body: { email } });
      setAnswer({ kind: "done", text: message });
      if (input.current) input.current.value = "";
    } catch (error) {
      setAnswer({
        kind: "error",
        text: error instanceof ApiError && error.status < 500 ? error.message : newsletterMessages.failed,
      });
      input.current?.focus();
    } finally {
      setSending(false);
    }
  };

  const invalid = answer?.kind === "error";
  return (
    <form
      className="site-footer__newsletter"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="newsletter-text"
    >
      <p id="newsletter-text">{footer.newsletter}</p>
      <label htmlFor="newsletter-email">
        <Trans>Email address</Trans>
      </label>
      <div className="site-footer__signup">
        <input
          ref={input}
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t`you@example.com`}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? "newsletter-text newsletter-answer" : "newsletter-text"}
          onInput={() => {
            if (invalid) setAnswer(null);
          }}
        />
        <button type="submit" className="button button--sun" disabled={sending}>
          <Trans>Sign Up</Trans>
        </button>
      </div>
      {/* Always in the page, so the answer is announced when it appears. */}
      <p ref={answerRef} id="newsletter-answer" className="site-footer__answer" aria-live="polite">
        {answer && (
          <span className={`site-footer__answer-text site-footer__answer-text--${answer.kind}`}>
            {answer.text}
          </span>
        )}
      </p>
    </form>
  );
}
