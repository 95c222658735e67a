import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import {
  type CreditKind,
  type CreditState,
  type CreditView,
  creditKindLabel,
  creditKinds,
  creditReasonMax,
  creditUseBy,
  creditWhy,
} from "../../../domain/credits.ts";
import { addDays, formatDay } from "../../../domain/school-day.ts";
import { ApiError } from "../../api/http.ts";
import { useToast } from "../../components/toast/toast.tsx";
import { useHouseholdCredits, useIssueCredit, useVoidCredit } from "../api/credits.ts";
import { useHouseholdSwimmers } from "../api/swimmers.ts";

/** The last day a new credit gets unless the owner chooses another: about three months. */
const defaultLifetimeDays = 90;

/**
 * Edit Client's Class credits (issue 29): the household's ledger, newest first, each credit with its state; the
 * owner issues one with a reason and a last day, and voids an available one with a reason (it stays listed, voided).
 */
export function HouseholdCredits({ clientId }: { clientId: string }) {
  const credits = useHouseholdCredits(clientId);
  const [issuing, setIssuing] = useState(false);
  const headingId = useId();
  const data = credits.data;
  return (
    <section className="household-swimmers household-credits" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>Class credits</Trans>
      </h3>
      {credits.isError ? (
        <p className="admin-form__error" role="alert">
          <Trans>Could not load the credits. Please try again.</Trans>
        </p>
      ) : data === undefined ? (
        <p role="status">
          <Trans>Loading credits…</Trans>
        </p>
      ) : (
        <>
          <p className="household-swimmers__details">
            <Plural value={data.balance.available} one="# credit available" other="# credits available" />
          </p>
          {data.credits.length === 0 ? (
            <p>
              <Trans>This family has no credits.</Trans>
            </p>
          ) : (
            <ul className="household-swimmers__list">
              {data.credits.map((credit) => (
                <li key={credit.id} className="household-swimmers__item">
                  <CreditItem clientId={clientId} credit={credit} />
                </li>
              ))}
            </ul>
          )}
          {issuing ? (
            <IssueCreditForm clientId={clientId} today={data.today} onDone={() => setIssuing(false)} />
          ) : (
            <button
              type="button"
              className="admin-button admin-button--secondary"
              onClick={() => setIssuing(true)}
            >
              <Trans>Issue a credit</Trans>
            </button>
          )}
        </>
      )}
    </section>
  );
}

function StateLabel({ state }: { state: CreditState }) {
  switch (state) {
    case "available":
      return <Trans>Available</Trans>;
    case "redeemed":
      return <Trans>Redeemed</Trans>;
    case "voided":
      return <Trans>Voided</Trans>;
    case "expired":
      return <Trans>Expired</Trans>;
  }
}

function CreditItem({ clientId, credit }: { clientId: string; credit: CreditView }) {
  const { t } = useLingui();
  const toast = useToast();
  const voiding = useVoidCredit(clientId);
  const [confirming, setConfirming] = useState(false);
  const reasonId = useId();
  const issuedOn = formatDay(credit.issuedOn, { dateStyle: "medium" });
  const by = credit.issuedByName;
  const swimmer = credit.swimmerName;

  async function onVoid(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "");
    try {
      const { message } = await voiding.mutateAsync({ id: credit.id, input: { reason } });
      toast("success", message);
      setConfirming(false);
    } catch (caught) {
      toast(
        "error",
        caught instanceof ApiError ? caught.message : t`Could not void the credit. Please try again.`,
      );
    }
  }

  return (
    <div className="household-swimmers__summary">
      <p className="household-swimmers__name">{creditWhy(credit)}</p>
      <p className="household-swimmers__details">
        <StateLabel state={credit.state} />
        {" · "}
        {creditUseBy(credit.expiresOn)}
        {swimmer && ` · ${t`For ${swimmer}`}`}
        {" · "}
        {by ? t`Issued ${issuedOn} by ${by}` : t`Issued ${issuedOn}`}
      </p>
      {credit.voidReason && <p className="household-swimmers__notes">{t`Voided: ${credit.voidReason}`}</p>}
      {credit.state === "available" &&
        (confirming ? (
          <form className="admin-form" onSubmit={onVoid} aria-label={t`Void credit: ${credit.reason}`}>
            <div className="field">
              <label htmlFor={reasonId}>
                <Trans>Why is it voided?</Trans>
              </label>
              <input id={reasonId} name="reason" type="text" required maxLength={creditReasonMax} />
            </div>
            <div className="admin-form__actions">
              <button
                type="submit"
                className="admin-button admin-button--danger"
                disabled={voiding.isPending}
              >
                <Trans>Void credit</Trans>
              </button>
              <button
                type="button"
                className="admin-button admin-button--secondary"
                onClick={() => setConfirming(false)}
              >
                <Trans>Cancel</Trans>
              </button>
            </div>
          </form>
        ) : (
          <div className="admin-form__actions">
            <button
              type="button"
              className="admin-button admin-button--small admin-button--danger"
              aria-label={t`Void credit: ${credit.reason}`}
              onClick={() => setConfirming(true)}
            >
              <Trans>Void</Trans>
            </button>
          </div>
        ))}
    </div>
  );
}

function IssueCreditForm({
  clientId,
  today,
  onDone,
}: {
  clientId: string;
  today: string;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const issue = useIssueCredit(clientId);
  const swimmers = useHouseholdSwimmers(clientId);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const id = useId();
  const invalid = (field: string) => error?.field === field || undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const swimmerId = String(form.get("swimmerId") ?? "");
    setError(null);
    try {
      const { message } = await issue.mutateAsync({
        kind: String(form.get("kind")) as CreditKind,
        reason: String(form.get("reason") ?? ""),
        expiresOn: String(form.get("expiresOn") ?? ""),
        swimmerId: swimmerId || null,
      });
      toast("success", message);
      onDone();
    } catch (caught) {
      const refusal =
        caught instanceof ApiError
          ? { message: caught.message, field: caught.field }
          : { message: t`Could not issue the credit. Please try again.` };
      toast("error", refusal.message);
      setError(refusal);
    }
  }

  return (
    <form className="admin-form household-credits__form" onSubmit={onSubmit} aria-label={t`New credit`}>
      <div className="field">
        <label htmlFor={`${id}-kind`}>
          <Trans>Given for</Trans>
        </label>
        <select id={`${id}-kind`} name="kind" defaultValue="goodwill">
          {creditKinds.map((kind) => (
            <option key={kind} value={kind}>
              {creditKindLabel(kind)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>
          <Trans>Reason</Trans>
        </label>
        <input
          id={`${id}-reason`}
          name="reason"
          type="text"
          required
          maxLength={creditReasonMax}
          aria-invalid={invalid("reason")}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-swimmer`}>
          <Trans>For</Trans>
        </label>
        <select id={`${id}-swimmer`} name="swimmerId" defaultValue="">
          <option value="">{t`Any swimmer of the family`}</option>
          {(swimmers.data ?? []).map((swimmer) => (
            <option key={swimmer.id} value={swimmer.id}>
              {swimmer.firstName} {swimmer.lastName}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-expiresOn`}>
          <Trans>Last day to use it</Trans>
        </label>
        <input
          id={`${id}-expiresOn`}
          name="expiresOn"
          type="date"
          required
          min={today}
          defaultValue={addDays(today, defaultLifetimeDays)}
          aria-invalid={invalid("expiresOn")}
        />
      </div>
      {error && (
        <p className="admin-form__error" role="alert">
          {error.message}
        </p>
      )}
      <div className="admin-form__actions">
        <button type="submit" className="admin-button" disabled={issue.isPending}>
          <Trans>Issue credit</Trans>
        </button>
        <button type="button" className="admin-button admin-button--secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
