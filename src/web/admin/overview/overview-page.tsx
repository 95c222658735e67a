import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatLessonTime } from "../../../domain/lesson-schedule.ts";
import { formatPrice } from "../../../domain/pack-catalogue.ts";
import { paths, queryParams, todayPath } from "../../../domain/paths.ts";
import { type ActionList, feedbackLookbackDays, type OverviewResponse } from "../../../domain/reports.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { errorMessageOf } from "../../api/http.ts";
import { CountedAt } from "../components/counted-at.tsx";
import { useOverview, useRefreshOverview, useRetryMail } from "./api.ts";
import "./overview.css";

const clientLink = (name: string) =>
  `${paths.clientsList}?${new URLSearchParams({ [queryParams.clientSearch]: name })}`;

/**
 * /overview (issue 30, docs/decisions/035): where the owner lands. Today's lessons by instructor with what is not
 * recorded yet, the classes taught this week and month, the month's packages and revenue, and the lists that need
 * action, each item linking to where it is fixed. An instructor sees their own lessons and feedback only: the
 * server sends nothing else.
 */
export function OverviewPage() {
  const { t } = useLingui();
  const overview = useOverview();
  const refresh = useRefreshOverview();
  return (
    <section
      className="admin-page admin-page--wide overview"
      aria-busy={overview.isPending || refresh.isPending}
    >
      <div className="overview__head">
        <h1>
          <Trans>Overview</Trans>
        </h1>
        {overview.data && (
          <button
            type="button"
            className="admin-button admin-button--secondary admin-button--small"
            disabled={refresh.isPending}
            onClick={() => refresh.mutate()}
          >
            {refresh.isPending ? t`Refreshing…` : t`Refresh`}
          </button>
        )}
      </div>
      {overview.isPending ? (
        <p role="status">
          <Trans>Loading the overview…</Trans>
        </p>
      ) : overview.isError ? (
        <div className="admin-form__error" role="alert">
          <p>
            {t`Could not load the overview.`} {errorMessageOf(overview.error)}
          </p>
          <button type="button" className="admin-button" onClick={() => void overview.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <OverviewBody data={overview.data} />
      )}
    </section>
  );
}

function OverviewBody({ data }: { data: OverviewResponse }) {
  const { t } = useLingui();
  return (
    <>
      <p className="overview__note">
        {formatDay(data.today, { weekday: "long", month: "long", day: "numeric", year: "numeric" })} ·{" "}
        <CountedAt at={data.countedAt} />
      </p>
      <dl className="overview__figures">
        <div>
          <dt>{t`Classes taught this week`}</dt>
          <dd>{data.taught.week}</dd>
        </div>
        <div>
          <dt>{t`Classes taught this month`}</dt>
          <dd>{data.taught.month}</dd>
        </div>
        {data.sales && (
          <>
            <div>
              <dt>{t`Packages sold this month`}</dt>
              <dd>{data.sales.packages}</dd>
            </div>
            <div>
              <dt>{t`Revenue this month`}</dt>
              <dd>{formatPrice(data.sales.revenue)}</dd>
            </div>
          </>
        )}
      </dl>
      <TodaysLessons data={data} />
      <div className="overview__lists">
        {data.runningOut && (
          <ActionSection
            id="overview-running-out"
            title={t`Packages running out`}
            hint={t`One class or none left to book: a nudge to renew.`}
            list={data.runningOut}
            empty={t`No package is running out.`}
            render={(item) => (
              <Link to={clientLink(item.householdName)}>
                {item.householdName}:{" "}
                <Plural value={item.left} _0="no class left" one="# class left" other="# classes left" />
              </Link>
            )}
            keyOf={(item) => item.clientId}
          />
        )}
        {data.idleHouseholds && (
          <ActionSection
            id="overview-idle"
            title={t`Classes left, nothing booked`}
            hint={t`Households with classes left and no lesson in the next two weeks.`}
            list={data.idleHouseholds}
            empty={t`Every household with classes left has a lesson in the next two weeks.`}
            render={(item) => (
              <Link to={clientLink(item.householdName)}>
                {item.householdName}: <Plural value={item.left} one="# class left" other="# classes left" />
              </Link>
            )}
            keyOf={(item) => item.clientId}
          />
        )}
        {data.creditsExpiring && (
          <ActionSection
            id="overview-credits"
            title={t`Credits expiring`}
            hint={t`Credits not used that expire in the next 7 days.`}
            list={data.creditsExpiring}
            empty={t`No credit expires in the next 7 days.`}
            render={(item) => (
              <Link to={clientLink(item.householdName)}>
                {item.householdName}: <Trans>expires {formatDay(item.expiresOn)}</Trans>
              </Link>
            )}
            keyOf={(item) => String(item.creditId)}
          />
        )}
        <ActionSection
          id="overview-feedback"
          title={t`Feedback not written`}
          hint={t`Lessons of the last ${feedbackLookbackDays} days with a swimmer who came and has no feedback yet.`}
          list={data.feedbackMissing}
          empty={t`Every lesson of the last ${feedbackLookbackDays} days has its feedback.`}
          render={(item) => (
            <Link to={todayPath(item.date, data.scope === "school" ? item.instructorId : null)}>
              {formatDay(item.date)} {formatLessonTime(item.startTime)}: {item.householdName}
              {data.scope === "school" && item.instructorName ? ` (${item.instructorName})` : ""}
            </Link>
          )}
          keyOf={(item) => String(item.lessonId)}
        />
        {data.failedMail && <FailedMail list={data.failedMail} />}
      </div>
    </>
  );
}

function TodaysLessons({ data }: { data: OverviewResponse }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="overview-today" className="overview__today">
      <h2 id="overview-today">
        <Trans>Today's lessons</Trans>
      </h2>
      {data.lessonsToday.length === 0 ? (
        <p className="overview__empty">
          <Trans>No lessons today.</Trans>
        </p>
      ) : (
        <ul className="overview__instructors">
          {data.lessonsToday.map((day) => {
            const { unrecorded } = day;
            const more = day.total - day.lessons.length;
            const name = day.instructorName ?? t`No instructor`;
            return (
              <li key={day.instructorId ?? "none"} className="admin-card overview__instructor">
                <h3>
                  <Link to={todayPath(data.today, data.scope === "school" ? day.instructorId : null)}>
                    {name}
                  </Link>
                </h3>
                <p>
                  <Plural value={day.total} one="# lesson" other="# lessons" />
                  {" · "}
                  {unrecorded === 0 ? (
                    <Trans>all recorded</Trans>
                  ) : (
                    <Plural value={unrecorded} one="# not recorded" other="# not recorded" />
                  )}
                </p>
                <ul className="overview__lessons">
                  {day.lessons.map((lesson) => (
                    <li key={lesson.id}>
                      <span className="overview__time">{formatLessonTime(lesson.startTime)}</span>{" "}
                      {lesson.householdName}{" "}
                      {lesson.cancelled ? (
                        <span className="overview__tag">{t`Cancelled`}</span>
                      ) : lesson.unrecorded > 0 ? (
                        <span className="overview__tag overview__tag--todo">{t`Not recorded`}</span>
                      ) : (
                        <span className="overview__tag overview__tag--done">{t`Recorded`}</span>
                      )}
                    </li>
                  ))}
                </ul>
                {more > 0 && (
                  <p className="overview__more">
                    <Link to={todayPath(data.today, data.scope === "school" ? day.instructorId : null)}>
                      <Plural
                        value={more}
                        one="and # more on the day's page"
                        other="and # more on the day's page"
                      />
                    </Link>
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function ActionSection<T>({
  id,
  title,
  hint,
  list,
  empty,
  render,
  keyOf,
}: {
  id: string;
  title: string;
  hint: string;
  list: ActionList<T>;
  empty: string;
  render: (item: T) => ReactNode;
  keyOf: (item: T) => string;
}) {
  const more = list.total - list.items.length;
  return (
    <section aria-labelledby={id} className="admin-card overview__list">
      <h2 id={id}>
        {title} <span className="overview__count">({list.total})</span>
      </h2>
      <p className="overview__hint">{hint}</p>
      {list.items.length === 0 ? (
        <p className="overview__empty">{empty}</p>
      ) : (
        <ul>
          {list.items.map((item) => (
            <li key={keyOf(item)}>{render(item)}</li>
          ))}
        </ul>
      )}
      {more > 0 && (
        <p className="overview__more">
          <Plural value={more} one="and # more" other="and # more" />
        </p>
      )}
    </section>
  );
}

function FailedMail({ list }: { list: ActionList<{ id: number; toAddress: string; subject: string }> }) {
  const { t } = useLingui();
  const retry = useRetryMail();
  return (
    <ActionSection
      id="overview-mail"
      title={t`Mail that failed`}
      hint={t`Mail that could not be delivered after every try. Check the address, then send it again.`}
      list={list}
      empty={t`No mail failed.`}
      render={(item) => (
        <span className="overview__mail">
          <span>
            {item.subject} → {item.toAddress}
          </span>
          <button
            type="button"
            className="admin-button admin-button--small admin-button--secondary"
            disabled={retry.isPending}
            onClick={() => retry.mutate(item.id)}
            aria-label={t`Send again: ${item.subject} to ${item.toAddress}`}
          >
            {t`Send again`}
          </button>
        </span>
      )}
      keyOf={(item) => String(item.id)}
    />
  );
}
