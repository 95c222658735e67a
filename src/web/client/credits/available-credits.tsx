import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { creditUseBy, creditWhy } from "../../../domain/credits.ts";
import { allPermissions, householdIdOf } from "../../../domain/households.ts";
import { useAuth } from "../../auth/auth-store.ts";
import { ListState } from "../../components/list-state.tsx";
import { useOwnCredits } from "../api/credits.ts";
import "./available-credits.css";

/**
 * The family's class credits that can still be used, each with its last day (issue 29), on the dashboard and on
 * /payments. Only for a guardian allowed to book: a credit is a class to book, and the server answers no one else.
 */
export function AvailableCredits() {
  const auth = useAuth();
  const client = auth.status === "client" ? auth.user : null;
  const canBook = (client?.guardianOf?.permissions ?? allPermissions).book;
  if (!client || !canBook) return null;
  return <CreditsOf clientId={householdIdOf(client)} />;
}

function CreditsOf({ clientId }: { clientId: string }) {
  const { t } = useLingui();
  const query = useOwnCredits(clientId);
  const headingId = useId();
  const available = query.data?.credits.filter((credit) => credit.state === "available") ?? [];
  return (
    <section className="available-credits" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Your class credits</Trans>
      </h2>
      <ListState
        what={t`your class credits`}
        loadingText={t`Loading your class credits…`}
        isError={query.isError}
        error={query.error}
        loaded={query.data !== undefined}
        onRetry={() => void query.refetch()}
      />
      {query.data &&
        !query.isError &&
        (available.length === 0 ? (
          <p className="available-credits__empty">
            <Trans>
              You have no class credits right now. When the school owes you a class, it shows here with the
              last day to use it.
            </Trans>
          </p>
        ) : (
          <>
            <p className="available-credits__count">
              <Plural value={available.length} one="# class credit to use" other="# class credits to use" />
            </p>
            <ul className="available-credits__list">
              {available.map((credit) => (
                <li key={credit.id} className="available-credits__item">
                  <span className="available-credits__why">
                    {creditWhy(credit)}
                    {credit.swimmerName && ` (${credit.swimmerName})`}
                  </span>
                  <time className="available-credits__expiry" dateTime={credit.expiresOn}>
                    {creditUseBy(credit.expiresOn)}
                  </time>
                </li>
              ))}
            </ul>
          </>
        ))}
    </section>
  );
}
