import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { formatLessonMoment, type PendingReschedule } from "../../../domain/reschedules.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { errorMessageOf } from "../../api/http.ts";
import { ListState } from "../../components/list-state.tsx";
import { useDecideReschedule, useWaitingReschedules } from "../api/reschedules.ts";
import "./reschedules.css";

/**
 * The requests to move a class waiting for the school (issue 29, docs/decisions/033), each with Accept and Decline:
 * on /today (an instructor's own lessons' requests, where they look every day) and on /admin (every request, for the
 * owner). Nothing while none waits (a reminder, like the certificates waiting) or while it loads; its failure is
 * said, with Try again. A request whose time was taken meanwhile is refused with the server's words.
 */
export function RescheduleRequests() {
  const { t } = useLingui();
  const waiting = useWaitingReschedules();
  const decide = useDecideReschedule();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  // On /today without signal (docs/decisions/023) the requests cannot be read: the day's lessons are what counts.
  if (waiting.isError && typeof navigator !== "undefined" && !navigator.onLine) return null;
  if (waiting.isError) {
    return (
      <section className="admin-card reschedule-requests" aria-labelledby="reschedule-requests-heading">
        <h2 id="reschedule-requests-heading">{t`Requests to move a class`}</h2>
        <ListState
          isError
          loaded={false}
          what={t`the requests to move a class`}
          error={waiting.error}
          retryClassName="admin-button"
          onRetry={() => void waiting.refetch()}
        />
      </section>
    );
  }
  const requests = waiting.data?.requests ?? [];
  if (requests.length === 0 && !answer) return null;
  const onDecide = (request: PendingReschedule, decision: "accept" | "decline") => {
    setAnswer(null);
    decide.mutate(
      { requestId: request.id, decision },
      {
        onSuccess: (done) => setAnswer({ ok: true, text: done.message }),
        onError: (error) => setAnswer({ ok: false, text: errorMessageOf(error) }),
      },
    );
  };
  return (
    <section className="admin-card reschedule-requests" aria-labelledby="reschedule-requests-heading">
      <h2 id="reschedule-requests-heading">{t`Requests to move a class`}</h2>
      {answer && (
        <p
          className={answer.ok ? "reschedule-requests__done" : "reschedule-requests__error"}
          role={answer.ok ? "status" : "alert"}
        >
          {answer.text}
        </p>
      )}
      {requests.length === 0 ? (
        <p>{t`No request to move a class is waiting.`}</p>
      ) : (
        <ul className="reschedule-requests__list">
          {requests.map((request) => {
            const who = [request.householdName, request.swimmers.join(", ")].filter(Boolean).join(" · ");
            const from = formatLessonMoment(request.from);
            const to = formatLessonMoment(request.to);
            const asked = formatDay(request.requestedAt.slice(0, 10), { dateStyle: "medium" });
            const by = request.requestedBy ?? "";
            const headingId = `reschedule-request-${request.id}`;
            return (
              <li key={request.id}>
                <article aria-labelledby={headingId}>
                  <h3 id={headingId}>{who}</h3>
                  <p>
                    <Trans>
                      From {from} to {to}
                    </Trans>
                  </p>
                  <p className="reschedule-requests__meta">
                    {request.instructor ? (
                      <Trans>
                        Asked by {by} on {asked} · with {request.instructor} · reschedule {request.moved + 1}{" "}
                        of {request.cap}
                      </Trans>
                    ) : (
                      <Trans>
                        Asked by {by} on {asked} · reschedule {request.moved + 1} of {request.cap}
                      </Trans>
                    )}
                  </p>
                  <div className="reschedule-requests__actions">
                    <button
                      type="button"
                      className="admin-button admin-button--secondary"
                      disabled={decide.isPending}
                      onClick={() => onDecide(request, "decline")}
                    >
                      <Trans>
                        Decline<span className="visually-hidden"> the request of {who}</span>
                      </Trans>
                    </button>
                    <button
                      type="button"
                      className="admin-button"
                      disabled={decide.isPending}
                      onClick={() => onDecide(request, "accept")}
                    >
                      <Trans>
                        Accept<span className="visually-hidden"> the request of {who}</span>
                      </Trans>
                    </button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
