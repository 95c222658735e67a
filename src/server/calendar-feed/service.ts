import { randomBytes } from "node:crypto";
import { createEvents, type EventAttributes } from "ics";
import content from "../../content/site.json" with { type: "json" };
import { bookingMessages, type CalendarFeedResponse } from "../../domain/bookings.ts";
import { classMinutes, lessonMessages, lessonStartsAt } from "../../domain/lesson-schedule.ts";
import { messages } from "../../domain/messages.ts";
import { addDays } from "../../domain/school-day.ts";
import { translate } from "../../domain/translate.ts";
import { personLocale } from "../auth/service.ts";
import { clientExists } from "../clients/service.ts";
import { publicUrl } from "../config.ts";
import { appError } from "../http/errors.ts";
import { inLocale } from "../i18n/i18n.ts";
import type { Wiring } from "../wiring.ts";
import {
  currentLessonsOf,
  type FeedLessonRow,
  findFeedOwner,
  findFeedToken,
  saveFeedToken,
} from "./repository.ts";

export type CalendarFeedDeps = Pick<Wiring, "db" | "clock" | "config">;

/** The file part of a feed address: 32 random bytes in base64url (43 characters), then `.ics`. */
export const feedFilePattern = /^[A-Za-z0-9_-]{43}\.ics$/;

const feedUrl = (deps: CalendarFeedDeps, token: string) =>
  `${publicUrl(deps.config)}/api/calendar-feed/${token}.ics`;

async function assertClientExists(deps: CalendarFeedDeps, clientId: string): Promise<void> {
  if (!(await clientExists(deps.db, clientId)))
    throw appError("client-not-found", 404, messages.clientNotFound);
}

/** Guardian `userId`'s feed address (guardianActingFor), or null until one is made. */
export async function currentFeed(
  deps: CalendarFeedDeps,
  clientId: string,
  userId: string,
): Promise<CalendarFeedResponse> {
  await assertClientExists(deps, clientId);
  const token = await findFeedToken(deps.db, userId);
  return { url: token ? feedUrl(deps, token) : null };
}

/**
 * Makes the client's secret feed address, or replaces it: the token is the only key to the feed (a calendar app
 * cannot sign in), so renewing is how a client shuts out whoever got the old address.
 */
export async function renewFeed(
  deps: CalendarFeedDeps,
  clientId: string,
  userId: string,
): Promise<CalendarFeedResponse> {
  await assertClientExists(deps, clientId);
  const token = randomBytes(32).toString("base64url");
  const createdAt = deps.clock.now().toISOString();
  const replaced = await deps.db.transaction().execute(async (trx) => {
    const existing = await findFeedToken(trx, userId);
    await saveFeedToken(trx, { userId, token, createdAt });
    return existing !== undefined;
  });
  const url = feedUrl(deps, token);
  return replaced ? { url, message: bookingMessages.calendarFeedRenewed } : { url };
}

const asDateArray = (day: string): [number, number, number] => {
  const [year, month, date] = day.split("-").map(Number);
  return [year ?? 0, month ?? 0, date ?? 0];
};

/**
 * The .ics of the feed whose file name is `file` (`<token>.ics`): one event per class date of the client's current
 * bookings, 30 minutes from its start time, or all day while its time is to be set. A file name of another shape or an unknown token is a 404, never a hint of which.
 */
export async function calendarFile(deps: CalendarFeedDeps, file: string): Promise<string> {
  const notFound = () => appError("not-found", 404, messages.notFound);
  if (!feedFilePattern.test(file)) throw notFound();
  const owner = await findFeedOwner(deps.db, file.slice(0, -".ics".length));
  if (owner === undefined) throw notFound();

  const [lessons, locale] = await Promise.all([
    currentLessonsOf(deps.db, owner.clientId),
    personLocale(deps.db, owner.userId),
  ]);
  // In the guardian's stored language: a calendar app fetches with no language of its own (docs/decisions/018).
  return inLocale(locale, () => calendarText(deps, lessons));
}

/** A lesson's feedback for its description: as written for one swimmer, each under its swimmer's name for several. */
function feedbackText(rows: readonly FeedLessonRow[]): string {
  const written = rows.filter((row) => row.feedback);
  if (rows.length === 1 && written[0]?.feedback) {
    return translate(
      /*i18n*/ {
        id: "calendar.feedback",
        message: "Feedback: {feedback}",
        values: { feedback: written[0].feedback },
      },
    );
  }
  return written
    .map((row) =>
      translate(
        /*i18n*/ {
          id: "calendar.swimmerFeedback",
          message: "Feedback for {swimmer}: {feedback}",
          values: { swimmer: row.swimmerName, feedback: row.feedback },
        },
      ),
    )
    .join("\n\n");
}

function calendarText(deps: CalendarFeedDeps, rows: readonly FeedLessonRow[]): string {
  const lessons = new Map<number, FeedLessonRow[]>();
  for (const row of rows) lessons.set(row.id, [...(lessons.get(row.id) ?? []), row]);
  const host = new URL(publicUrl(deps.config)).hostname;
  const title = translate(/*i18n*/ { id: "calendar.eventTitle", message: "Swim class" });
  const about = translate(
    /*i18n*/ {
      id: "calendar.eventDescription",
      message: "A {minutes}-minute swim class.",
      values: { minutes: classMinutes },
    },
  );
  const events: EventAttributes[] = [...lessons.values()].map((swimmers) => {
    const lesson = swimmers[0] as FeedLessonRow;
    const common = {
      title,
      description: [
        about,
        lesson.instructorName ? lessonMessages.instructorLine(lesson.instructorName) : "",
        feedbackText(swimmers),
      ]
        .filter(Boolean)
        .join("\n\n"),
      ...(lesson.address ? { location: lesson.address } : {}),
      // The same lesson keeps its UID from one fetch to the next, so a calendar app updates it instead of adding it.
      uid: `lesson-${lesson.id}@${host}`,
    };
    if (lesson.startTime) {
      // On the school's clock (TZ_SCHOOL), written in UTC: every calendar app shows it in its own zone.
      const start = lessonStartsAt(lesson.date, lesson.startTime, deps.config.TZ_SCHOOL);
      return {
        ...common,
        start: start.getTime(),
        startInputType: "utc",
        startOutputType: "utc",
        duration: { minutes: classMinutes },
        transp: "OPAQUE",
      };
    }
    return {
      ...common,
      // All-day while the time is to be set. DTEND is the next day (exclusive), per RFC 5545.
      start: asDateArray(lesson.date),
      end: asDateArray(addDays(lesson.date, 1)),
      // A 30-minute class does not make the whole day busy.
      transp: "TRANSPARENT",
    };
  });
  const { error, value } = createEvents(events, {
    productId: "swim-school/calendar-feed",
    calName: translate(
      /*i18n*/ {
        id: "calendar.name",
        message: "{school}: swim classes",
        values: { school: content.school.name },
      },
    ),
  });
  if (error || value === null) throw error ?? new Error("calendar feed: no output");
  return value;
}
