import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { type CreditView, creditUseBy, creditWhy } from "../../../domain/credits.ts";
import { allPermissions, householdIdOf } from "../../../domain/households.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { useAuth } from "../../auth/auth-store.ts";
import { ListState } from "../../components/list-state.tsx";
import { useClientBookings } from "../api/bookings.ts";
import { useOwnCredits } from "../api/credits.ts";
import "./available-credits.css";

/**
 * The family's class credits that can still be used, each with its last day (issue 29), on the dashboard and on
 * /payments. Only for a guardian allowed to book: a credit is a class to book, and the server answers no one else.
 */
export function AvailableCredits() {
  const auth = useAuth();
  const client = auth.status === "client" ? auth.user : null;
  const permissions = client?.guardianOf?.permissions ?? allPermissions;
  if (!client || !permissions.book) return null;
  return <CreditsOf clientId={householdIdOf(client)} seesClasses={permissions.progress} />;
}

function CreditsOf({ clientId, seesClasses }: { clientId: string; seesClasses: boolean }) {
  const { t } = useLingui();
  const query = useOwnCredits(clientId);
  const headingId = useId();
  const available = query.data?.credits.filter((credit) => credit.state === "available") ?? [];
  const redeemed = query.data?.credits.filter((credit) => credit.redeemedForLessonId !== null) ?? [];
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
      {seesClasses && redeemed.length > 0 && (
        <UsedCredits clientId={clientId} credits={redeemed} today={query.data?.today ?? ""} />
      )}
    </section>
  );
}

/**
 * The credits used for a class still to come, each with that class's day (docs/decisions/032): read from the
 * family's bookings, which a guardian who sees the classes already loads on the same page.
 */
function UsedCredits({
  clientId,
  credits,
  today,
}: {
  clientId: string;
  credits: readonly CreditView[];
  today: string;
}) {
  const bookings = useClientBookings(clientId);
  const headingId = useId();
  const dayOf = new Map(
    (bookings.data?.bookings ?? []).flatMap((booking) =>
      booking.dates.map((date) => [date.lessonId, date] as const),
    ),
  );
  const used = credits.flatMap((credit) => {
    const lesson = dayOf.get(credit.redeemedForLessonId as number);
    return lesson && lesson.date >= today && lesson.cancellation === null
      ? [{ credit, day: lesson.date }]
      : [];
  });
  if (used.length === 0) return null;
  return (
    <>
      <h3 id={headingId} className="available-credits__used-heading">
        <Trans>Credits used for a class to come</Trans>
      </h3>
      <ul className="available-credits__list" aria-labelledby={headingId}>
        {used.map(({ credit, day }) => {
          const when = formatDay(day, { dateStyle: "full" });
          return (
            <li key={credit.id} className="available-credits__item">
              <span className="available-credits__why">{creditWhy(credit)}</span>
              <span className="available-credits__expiry">
                <Trans>Used for the class of {when}</Trans>
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
