import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useDeferredValue, useEffect, useSyncExternalStore } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { formatLessonTime } from "../../../domain/lesson-schedule.ts";
import { paths, queryParams, todayPath, weatherDayPath } from "../../../domain/paths.ts";
import { cancellationShownWords } from "../../../domain/school-cancellation.ts";
import { addDays, formatDay } from "../../../domain/school-day.ts";
import type { TodayLesson, TodayResponse } from "../../../domain/today.ts";
import { todayDayPath } from "../../../domain/today-offline.ts";
import { apiFetch } from "../../api/http.ts";
import { useAuth } from "../../auth/auth-store.ts";
import { ListState } from "../../components/list-state.tsx";
import { installHint } from "./install-hint.ts";
import { LessonPlace } from "./lesson-place.tsx";
import { LessonScreen } from "./lesson-screen.tsx";
import { MovedLine } from "./moved-line.tsx";
import type { QueuedSave } from "./offline/save-queue.ts";
import { linkTodayManifest, registerTodayWorker } from "./offline/service-worker.ts";
import { useSaveQueue } from "./offline/use-save-queue.ts";
import { RescheduleRequests } from "./reschedule-requests.tsx";
import "./today.css";

/** The lesson opened on its own screen (paths.ts). */
const lessonParam = queryParams.todayLesson;

const subscribeOnline = (changed: () => void) => {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
};
/** Whether the phone thinks it has a signal (it may be wrong the other way: a signal that carries nothing). */
export const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

/** Opened from the phone's home screen (an installed app) rather than in the browser. */
const installed = () =>
  window.matchMedia?.("(display-mode: standalone)").matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

function fetchDay(date: string | null, instructorId: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams();
  if (date) query.set("date", date);
  if (instructorId) query.set("instructorId", instructorId);
  const suffix = query.size > 0 ? `?${query}` : "";
  return apiFetch<TodayResponse>(`${todayDayPath}${suffix}`, { signal });
}

function dayKey(date: string | null, instructorId: string | null) {
  return ["today", date ?? "", instructorId ?? ""] as const;
}

/**
 * /today (issue 27, docs/decisions/023): a staff member's lessons of a day on a phone, each recorded on a screen of
 * its own with one save, and all of it without signal: the service worker keeps the page and the days it showed,
 * and the saves wait on the phone (sealed, pending) until the server takes them. The owner switches instructor and
 * sees the past lessons still unrecorded.
 */
export function TodayPage() {
  const { t } = useLingui();
  const auth = useAuth();
  const user = "user" in auth ? auth.user : null;
  const [search] = useSearchParams();
  const date = search.get(queryParams.todayDate);
  const instructorId = search.get(queryParams.todayInstructor);
  const lessonId = Number(search.get(lessonParam)) || null;
  const queryClient = useQueryClient();
  const online = useOnline();
  const navigate = useNavigate();

  const day = useQuery({
    queryKey: dayKey(date, instructorId),
    queryFn: ({ signal }) => fetchDay(date, instructorId, signal),
    // Offline too: the service worker answers from the days it kept.
    networkMode: "always",
  });

  useEffect(() => {
    linkTodayManifest();
    void registerTodayWorker();
    // The day loaded before the worker took the page over went around it: fetch it again through it, so that an
    // offline reload finds it.
    const container = navigator.serviceWorker;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: ["today"] });
    container?.addEventListener("controllerchange", refetch);
    return () => container?.removeEventListener("controllerchange", refetch);
  }, [queryClient]);

  // The days around this one, fetched while there is signal so that the worker keeps them for the day without.
  const shownDate = day.data?.date;
  useEffect(() => {
    if (!shownDate || !navigator.onLine) return;
    for (const near of [shownDate, addDays(shownDate, 1), addDays(shownDate, -1)])
      void queryClient.prefetchQuery({
        queryKey: dayKey(near, instructorId),
        queryFn: () => fetchDay(near, instructorId),
        networkMode: "always",
      });
  }, [shownDate, instructorId, queryClient]);

  // The lessons as the server saved them show at once; the days are then asked for again.
  const onAccepted = useCallback(
    (lessons: TodayLesson[]) => {
      const saved = new Map(lessons.map((lesson) => [lesson.id, lesson]));
      queryClient.setQueriesData<TodayResponse>(
        { queryKey: ["today"] },
        (was) => was && { ...was, lessons: was.lessons.map((lesson) => saved.get(lesson.id) ?? lesson) },
      );
      void queryClient.invalidateQueries({ queryKey: ["today"] });
    },
    [queryClient],
  );
  const queue = useSaveQueue(user?.id ?? "", onAccepted);
  const saves = queue.state.status === "ready" ? queue.state.saves : [];

  // The day's lessons render in the background, in short tasks the phone can answer a tap between, rather than in
  // the one long task of the query's answer (issue 31: total blocking time); until then the day shows as loading.
  const data = useDeferredValue(day.data);
  const lesson = lessonId ? data?.lessons.find((each) => each.id === lessonId) : undefined;

  return (
    <section className="admin-page today">
      <TodayNotices online={online} queue={queue.state} onSend={() => void queue.send()} />
      {/* Above the day, so that the lessons arriving below never move it. */}
      {!installed() && <p className="today__install">{t(installHint)}</p>}
      {lessonId && data && lesson && queue.state.status === "opening" ? (
        <p role="status">{t`Loading…`}</p>
      ) : lessonId && data && lesson ? (
        <LessonScreen
          key={lesson.id}
          lesson={lesson}
          scale={data.scale}
          levels={data.levels}
          online={online}
          backTo={todayPath(data.date, instructorId)}
          saves={saves.filter((save) => save.lessonId === lesson.id)}
          queueReady={queue.state.status === "ready"}
          onSave={queue.add}
          onDiscard={queue.discard}
          onCancelled={() => navigate(todayPath(data.date, instructorId))}
        />
      ) : (
        <DayScreen
          data={data}
          instructorId={instructorId}
          saves={saves}
          isError={day.isError}
          error={day.error}
          onRetry={() => void day.refetch()}
          lessonMissing={Boolean(lessonId && data && !lesson)}
        />
      )}
    </section>
  );
}

/** No signal, saves waiting, a session that ended: said once at the top, for screen readers too. */
function TodayNotices({
  online,
  queue,
  onSend,
}: {
  online: boolean;
  queue: ReturnType<typeof useSaveQueue>["state"];
  onSend: () => void;
}) {
  const { t } = useLingui();
  const pending = queue.status === "ready" ? queue.saves.filter((save) => !save.refusal).length : 0;
  const refused = queue.status === "ready" ? queue.saves.filter((save) => save.refusal).length : 0;
  return (
    <div className="today__notices" role="status">
      {!online && (
        <p className="today__notice today__notice--offline">{t`No signal: showing the day as last loaded.`}</p>
      )}
      {queue.status === "unavailable" && (
        <p className="today__notice today__notice--error">
          {t`Saving without signal needs this page opened once with signal since you signed in.`}
        </p>
      )}
      {pending > 0 && (
        <p className="today__notice today__notice--pending">
          {queue.status === "ready" && queue.sending
            ? plural(pending, { one: "Sending # pending save…", other: "Sending # pending saves…" })
            : plural(pending, {
                one: "# pending save: kept on this phone and sent when the signal returns.",
                other: "# pending saves: kept on this phone and sent when the signal returns.",
              })}{" "}
          {online && queue.status === "ready" && !queue.sending && (
            <button type="button" className="button button--ghost today__send" onClick={onSend}>
              {t`Send now`}
            </button>
          )}
        </p>
      )}
      {queue.status === "ready" && queue.needsSignIn && (
        <p className="today__notice today__notice--error">
          {t`Your session ended: sign in again to send the pending saves. They stay on this phone until then.`}
        </p>
      )}
      {refused > 0 && (
        <p className="today__notice today__notice--error">
          {plural(refused, {
            one: "# save was refused: open its lesson to see why.",
            other: "# saves were refused: open their lessons to see why.",
          })}
        </p>
      )}
    </div>
  );
}

/** What a lesson's card says of its record: the queue's word first (pending, refused), else the server's. */
function lessonState(
  lesson: TodayLesson,
  saves: QueuedSave[],
): "cancelled" | "refused" | "pending" | "recorded" | "open" {
  if (lesson.cancelled) return "cancelled";
  const own = saves.filter((save) => save.lessonId === lesson.id);
  if (own.some((save) => save.refusal)) return "refused";
  if (own.length > 0) return "pending";
  return lesson.recorded ? "recorded" : "open";
}

function DayScreen({
  data,
  instructorId,
  saves,
  isError,
  error,
  onRetry,
  lessonMissing,
}: {
  data: TodayResponse | undefined;
  instructorId: string | null;
  saves: QueuedSave[];
  isError: boolean;
  error: unknown;
  onRetry: () => void;
  lessonMissing: boolean;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // The day's own address and the lesson: the same answer of the day (kept offline) serves both screens.
  const lessonLink = (lessonId: number) => {
    const query = new URLSearchParams(search);
    query.set(lessonParam, String(lessonId));
    return `${paths.today}?${query}`;
  };
  const stateWords = {
    cancelled: t`Cancelled`,
    refused: t`Refused`,
    pending: t`Pending`,
    recorded: t`Recorded`,
    open: t`Not recorded yet`,
  };
  if (!data) {
    return (
      <>
        <h1>{t`Today`}</h1>
        <ListState
          isError={isError}
          loaded={false}
          what={t`the day's lessons`}
          error={error}
          onRetry={onRetry}
        />
      </>
    );
  }
  const switcherId = "today-instructor";
  return (
    <>
      <h1>{formatDay(data.date, { weekday: "long", month: "long", day: "numeric", year: "numeric" })}</h1>
      <nav className="today__days" aria-label={t`Days`}>
        <Link className="button button--ghost" to={todayPath(addDays(data.date, -1), instructorId)}>
          {t`Previous day`}
        </Link>
        <Link className="button button--ghost" to={todayPath(addDays(data.date, 1), instructorId)}>
          {t`Next day`}
        </Link>
        <Link className="button button--ghost" to={weatherDayPath(data.date)}>
          {t`Weather day`}
        </Link>
      </nav>
      {data.instructors && (
        <div className="field today__switcher">
          <label htmlFor={switcherId}>{t`Instructor`}</label>
          <select
            id={switcherId}
            value={data.instructor.id}
            onChange={(event) => navigate(todayPath(data.date, event.target.value))}
          >
            {data.instructors.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {lessonMissing && (
        <p className="today__notice today__notice--error" role="alert">
          {t`That lesson is no longer on this day.`}
        </p>
      )}
      {data.lessons.length === 0 ? (
        <p className="today__empty">{t`No lessons on this day`}</p>
      ) : (
        <ol className="today__lessons" aria-label={t`Lessons`}>
          {data.lessons.map((lesson) => {
            const state = lessonState(lesson, saves);
            const { householdName } = lesson;
            const headingId = `lesson-${lesson.id}`;
            return (
              <li key={lesson.id}>
                <article
                  className={`admin-card today-lesson today-lesson--${state}`}
                  aria-labelledby={headingId}
                >
                  <h2 id={headingId}>
                    <span className="today-lesson__time">{formatLessonTime(lesson.startTime)}</span>{" "}
                    <span>{lesson.householdName}</span>
                  </h2>
                  <p className={`today-lesson__state today-lesson__state--${state}`}>
                    {lesson.cancellation ? cancellationShownWords(lesson.cancellation) : stateWords[state]}
                  </p>
                  {lesson.moved && <MovedLine moved={lesson.moved} />}
                  <LessonPlace lesson={lesson} />
                  <ul className="today-lesson__swimmers" aria-label={t`Swimmers`}>
                    {lesson.swimmers.map((swimmer) => (
                      <li key={swimmer.id}>
                        <strong>
                          {swimmer.firstName} {swimmer.lastName}
                        </strong>
                        {swimmer.notes && <span lang=""> · {swimmer.notes}</span>}
                      </li>
                    ))}
                  </ul>
                  {!lesson.cancelled && (
                    <Link className="button button--blue today-lesson__open" to={lessonLink(lesson.id)}>
                      {t`Record ${householdName}`}
                    </Link>
                  )}
                </article>
              </li>
            );
          })}
        </ol>
      )}
      <RescheduleRequests />
      {data.unrecorded.length > 0 && (
        <section className="today__unrecorded" aria-labelledby="today-unrecorded">
          <h2 id="today-unrecorded">{t`Still unrecorded`}</h2>
          <ul>
            {data.unrecorded.map((each) => (
              <li key={each.lessonId}>
                <Link to={todayPath(each.date, instructorId)}>
                  {formatDay(each.date, { dateStyle: "medium" })} · {formatLessonTime(each.startTime)} ·{" "}
                  {each.householdName}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
