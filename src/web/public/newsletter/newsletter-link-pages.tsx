import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { NewsletterConfirmResponse, NewsletterUnsubscribeResponse } from "../../../domain/api.ts";
import { newsletterMessages } from "../../../domain/messages.ts";
import { paths, queryParams } from "../../../domain/paths.ts";
import { ApiError, apiFetch } from "../../api/http.ts";
import { useLocalizedPath } from "../../layout/page-language.ts";
import "./newsletter.css";

type Outcome = { ok: boolean; text: string };

/**
 * One request per link and token, however often the page renders (StrictMode runs effects twice): a confirmation
 * token works once, so a second request would report a used link.
 */
const requests = new Map<string, Promise<Outcome>>();

function useLinkAction(api: "/api/newsletter/confirm" | "/api/newsletter/unsubscribe"): Outcome | null {
  const [params] = useSearchParams();
  const token = params.get(queryParams.token)?.trim() ?? "";
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!token) {
      setOutcome({ ok: false, text: newsletterMessages.linkInvalid });
      return;
    }
    const key = `${api} ${token}`;
    let request = requests.get(key);
    if (!request) {
      request = apiFetch<NewsletterConfirmResponse | NewsletterUnsubscribeResponse>(api, {
        body: { token },
      }).then(
        ({ message }) => ({ ok: true, text: message }),
        (error: unknown) => ({
          ok: false,
          text: error instanceof ApiError && error.status < 500 ? error.message : newsletterMessages.failed,
        }),
      );
      requests.set(key, request);
    }
    let current = true;
    void request.then((result) => {
      if (current) setOutcome(result);
    });
    return () => {
      current = false;
    };
  }, [api, token]);

  return outcome;
}

function LinkPage({ title, busy, outcome }: { title: string; busy: string; outcome: Outcome | null }) {
  const localized = useLocalizedPath();
  return (
    <section className="newsletter-page">
      <h1>{title}</h1>
      <div aria-live="polite">
        {outcome === null ? (
          <p>{busy}</p>
        ) : (
          <p className={`newsletter-page__answer newsletter-page__answer--${outcome.ok ? "done" : "error"}`}>
            {outcome.text}
          </p>
        )}
      </div>
      {outcome && !outcome.ok && (
        <p>
          <Trans>You can sign up again with the form at the bottom of every page.</Trans>
        </p>
      )}
      <p>
        <Link to={localized(paths.home)}>
          <Trans>Go to the home page</Trans>
        </Link>
      </p>
    </section>
  );
}

/** /newsletter/confirm?token=…: the link of the confirmation mail. Opening it confirms (once). */
export function NewsletterConfirmPage() {
  const { t } = useLingui();
  const outcome = useLinkAction("/api/newsletter/confirm");
  return (
    <LinkPage title={t`Newsletter subscription`} busy={t`Confirming your subscription…`} outcome={outcome} />
  );
}

/** /newsletter/unsubscribe?token=…: the one-click link in every newsletter mail; no sign-in. */
export function NewsletterUnsubscribePage() {
  const { t } = useLingui();
  const outcome = useLinkAction("/api/newsletter/unsubscribe");
  return <LinkPage title={t`Unsubscribe from the newsletter`} busy={t`Unsubscribing…`} outcome={outcome} />;
}
