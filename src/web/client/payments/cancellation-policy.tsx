import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import { policyWords } from "../../../domain/policy.ts";
import { usePolicy } from "../../api/policy.ts";

/**
 * The school's cancellation policy in plain words on /payments (issue 29), generated from the rule in force
 * (domain/policy.ts), in the page's language.
 */
export function CancellationPolicyWords() {
  const policy = usePolicy();
  const headingId = useId();
  return (
    <section className="payments__policy" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Cancellation policy</Trans>
      </h2>
      {policy.isError ? (
        <p className="payments__error" role="alert">
          <Trans>Could not load the cancellation policy. Please try again.</Trans>
        </p>
      ) : policy.data === undefined ? (
        <p role="status">
          <Trans>Loading the cancellation policy…</Trans>
        </p>
      ) : (
        <ul>
          {policyWords(policy.data.policy).map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
