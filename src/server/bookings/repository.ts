import { type AliasableExpression, type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import { amountToPay, type BookingStatus, bookingTitle } from "../../domain/bookings.ts";
import type { LessonMove } from "../../domain/reschedules.ts";
import type { CancellationShown } from "../../domain/school-cancellation.ts";
import { isShortSearch, searchKey, shortestIndexedSearch } from "../../domain/search.ts";
import { type CallValue, compiledOnce } from "../db/compiled-once.ts";
import type { Db } from "../db/database.ts";
import { bookingsWithWord, wordProbeLimit, writeTitleWords } from "../db/name-words.ts";
import { containsPattern, isPostgres } from "../db/portable.ts";
import type { Database } from "../db/schema.ts";
import {
  countedRows,
  countedRowsColumn,
  countOf,
  readAlongOrder,
  shortSearchPage,
  startsAWord,
  trigramPhrase,
} from "../db/search.ts";
import { type SwimmerName, swimmerNamesColumn, swimmerNamesFromColumn } from "../households/service.ts";

export interface BookingRow {
  id: number;
  clientId: string;
  planId: number;
  subscriptionId: string | null;
  title: string;
  status: BookingStatus;
  paid: number;
  classCount: number;
  amountToPay: number;
  firstDate: string | null;
  firstName: string | null;
  lastName: string | null;
  address: string | null;
  accessNotes: string | null;
}

export interface LessonRow {
  id: number;
  bookingId: number;
  date: string;
  startTime: string | null;
  instructor: { id: string; name: string } | null;
  /** Null while it stands. */
  cancellation: CancellationShown | null;
  /** The class credit that paid for it (docs/decisions/032); null: one of its plan's classes. */
  paidByCreditId: number | null;
  /** Its latest move (docs/decisions/033); null: never moved. */
  moved: LessonMove | null;
  /** Who swims in it, in the order they joined the household, each with their feedback. */
  swimmers: { id: string; firstName: string; feedback: string | null }[];
}

/** The time and instructor of lessons a save writes. */
export interface LessonSchedule {
  startTime: string | null;
  instructorId: string;
}

export async function findClientContact(
  db: Db,
  clientId: string,
): Promise<{ firstName: string; lastName: string; email: string } | undefined> {
  return db
    .selectFrom("client")
    .select(["firstName", "lastName", "email"])
    .where("id", "=", clientId)
    .executeTakeFirst();
}

/**
 * The plan's lesson dates on or after `fromDay` (its current period), with the booking holding each: the ones its
 * classes paid for (a lesson paid by a credit is not the plan's, docs/decisions/032).
 */
export async function planLessonsFrom(
  db: Db,
  planId: number,
  fromDay: string,
): Promise<{ bookingId: number; date: string }[]> {
  return db
    .selectFrom("lesson")
    .select(["bookingId", "date"])
    .where("planId", "=", planId)
    .where("date", ">=", fromDay)
    .where("paidByCreditId", "is", null)
    .execute();
}

/** Those of `dates` the client already has in a booking other than `bookingId`. */
export async function datesBookedElsewhere(
  db: Db,
  clientId: string,
  bookingId: number | null,
  dates: readonly string[],
): Promise<string[]> {
  if (dates.length === 0) return [];
  let query = db
    .selectFrom("lesson")
    .select("date")
    .where("clientId", "=", clientId)
    .where("date", "in", dates);
  if (bookingId !== null) query = query.where("bookingId", "!=", bookingId);
  return (await query.orderBy("date").execute()).map((row) => row.date);
}

const bookingColumns = [
  "booking.id",
  "booking.clientId",
  "booking.planId",
  "booking.subscriptionId",
  "booking.title",
  "booking.status",
  "booking.paid",
  "booking.classCount",
  "booking.amountToPay",
  "booking.firstDate",
  "client.firstName",
  "client.lastName",
  "client.address",
  "client.accessNotes",
] as const;

const bookingsWithClient = (db: Db) =>
  db.selectFrom("booking").leftJoin("client", "client.id", "booking.clientId");

/** A booking of a list's page, with its household's swimmers (read in the page's statement). */
export type ListedBooking = BookingRow & { swimmers: SwimmerName[] };

/** The booking's household's swimmers, as a column of a page of bookings. */
const swimmersOfBooking = (db: Db) => (eb: ExpressionBuilder<Database, "booking" | "client">) =>
  swimmerNamesColumn(db, eb.ref("booking.clientId"));

const listed = <R extends BookingRow & { swimmerNames: unknown }>({
  swimmerNames,
  ...row
}: R): ListedBooking => ({
  ...(row as unknown as BookingRow),
  swimmers: swimmerNamesFromColumn(swimmerNames),
});

/** Newest first by first date, then by id: the order of booking_firstDate_idx (spec §2). */
const newestFirst = <O>(query: SelectQueryBuilder<Database, "booking" | "client", O>) =>
  query.orderBy("booking.firstDate", "desc").orderBy("booking.id", "desc");

export async function findBooking(db: Db, bookingId: number): Promise<BookingRow | undefined> {
  return bookingsWithClient(db).select(bookingColumns).where("booking.id", "=", bookingId).executeTakeFirst();
}

/** The client's booking for this plan (one per client and plan: the saves keep it so under the plan lock). */
export async function findBookingOfPlan(
  db: Db,
  clientId: string,
  planId: number,
): Promise<BookingRow | undefined> {
  return bookingsWithClient(db)
    .select(bookingColumns)
    .where("booking.clientId", "=", clientId)
    .where("booking.planId", "=", planId)
    .orderBy("booking.id")
    .executeTakeFirst();
}

/** Every lesson of these bookings, oldest date first (lesson_bookingId_date_idx), with who swims in each. */
export async function lessonsOf(db: Db, bookingIds: readonly number[]): Promise<LessonRow[]> {
  if (bookingIds.length === 0) return [];
  const rows = await lessonsOfRead(db, { bookingIds });
  const lessons: LessonRow[] = [];
  for (const row of rows) {
    let lesson = lessons[lessons.length - 1];
    if (lesson?.id !== row.id) {
      lesson = {
        id: row.id,
        bookingId: row.bookingId,
        date: row.date,
        startTime: row.startTime,
        instructor:
          row.instructorId === null ? null : { id: row.instructorId, name: row.instructorName ?? "" },
        cancellation:
          row.cancelledAt === null
            ? null
            : {
                at: row.cancelledAt,
                outcome: row.cancellationOutcome ?? "class-used",
                reason: row.cancellationReason ?? "family",
                byName: row.cancelledByName,
              },
        paidByCreditId: row.paidByCreditId === null ? null : Number(row.paidByCreditId),
        moved:
          row.rescheduledAt === null
            ? null
            : {
                at: row.rescheduledAt,
                by: row.movedBy,
                fromDate: row.rescheduledFromDate ?? "",
                fromStartTime: row.rescheduledFromStartTime,
              },
        swimmers: [],
      };
      lessons.push(lesson);
    }
    if (row.swimmerId !== null) {
      lesson.swimmers.push({
        id: row.swimmerId,
        firstName: row.firstName ?? "",
        feedback: row.feedback ?? null,
      });
    }
  }
  return lessons;
}

/** lessonsOf's statement, compiled once per number of bookings (db/compiled-once.ts). */
const lessonsOfRead = compiledOnce((db, value: CallValue<{ bookingIds: readonly number[] }>) =>
  db
    .selectFrom("lesson")
    .leftJoin("lessonSwimmer", "lessonSwimmer.lessonId", "lesson.id")
    .leftJoin("swimmer", "swimmer.id", "lessonSwimmer.swimmerId")
    .leftJoin("user as instructor", "instructor.id", "lesson.instructorId")
    .leftJoin("user as mover", "mover.id", "lesson.rescheduledByUserId")
    .leftJoin("user as canceller", "canceller.id", "lesson.cancelledByUserId")
    .select([
      "lesson.id",
      "lesson.bookingId",
      "lesson.date",
      "lesson.startTime",
      "lesson.cancelledAt",
      "lesson.cancellationOutcome",
      "lesson.paidByCreditId",
      "lesson.rescheduledAt",
      "lesson.rescheduledFromDate",
      "lesson.rescheduledFromStartTime",
      "mover.name as movedBy",
      "lesson.cancellationReason",
      "canceller.name as cancelledByName",
      "instructor.id as instructorId",
      "instructor.name as instructorName",
      "swimmer.id as swimmerId",
      "swimmer.firstName",
      "lessonSwimmer.feedback",
    ])
    .where("lesson.bookingId", "in", value("bookingIds"))
    .orderBy("lesson.bookingId")
    .orderBy("lesson.date")
    .orderBy("swimmer.createdAt")
    .orderBy("swimmer.id"),
);

export async function insertBooking(
  trx: Db,
  booking: { clientId: string; planId: number; subscriptionId: string | null; now: string },
): Promise<number> {
  const row = await trx
    .insertInto("booking")
    .values({
      clientId: booking.clientId,
      planId: booking.planId,
      subscriptionId: booking.subscriptionId,
      // Set from its lessons by refreshBookingTotals in the same transaction.
      title: bookingTitle(0),
      status: "pending",
      paid: 1,
      classCount: 0,
      amountToPay: 0,
      firstDate: null,
      createdAt: booking.now,
      updatedAt: booking.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await writeTitleWords(trx, row.id, bookingTitle(0));
  return row.id;
}

/**
 * The booking's new dates, each a lesson of these swimmers, at this time with this instructor, under this version
 * of the cancellation policy.
 */
export async function insertLessons(
  trx: Db,
  booking: { id: number; clientId: string; planId: number },
  dates: readonly string[],
  swimmerIds: readonly string[],
  schedule: LessonSchedule,
  policyVersion: number,
): Promise<number[]> {
  if (dates.length === 0) return [];
  const lessons = await trx
    .insertInto("lesson")
    .values(
      dates.map((date) => ({
        bookingId: booking.id,
        clientId: booking.clientId,
        planId: booking.planId,
        date,
        reminderQueuedAt: null,
        startTime: schedule.startTime,
        instructorId: schedule.instructorId,
        policyVersion,
      })),
    )
    .returning("id")
    .execute();
  if (swimmerIds.length === 0) return lessons.map((lesson) => lesson.id);
  await trx
    .insertInto("lessonSwimmer")
    .values(
      lessons.flatMap((lesson) =>
        swimmerIds.map((swimmerId) => ({
          lessonId: lesson.id,
          swimmerId,
          feedback: null,
          feedbackUpdatedAt: null,
        })),
      ),
    )
    .execute();
  return lessons.map((lesson) => lesson.id);
}

/** Marks a lesson as paid by this class credit (redeemed for it in the same transaction). */
export async function setLessonPaidByCredit(trx: Db, lessonId: number, creditId: number): Promise<void> {
  await trx.updateTable("lesson").set({ paidByCreditId: creditId }).where("id", "=", lessonId).execute();
}

export async function deleteLessons(trx: Db, bookingId: number, dates: readonly string[]): Promise<void> {
  if (dates.length === 0) return;
  await trx.deleteFrom("lesson").where("bookingId", "=", bookingId).where("date", "in", dates).execute();
}

/**
 * Class count, first date, title and amount, from the booking's lesson rows (one place computes them). A class paid
 * by a credit is one of the booking's classes but costs nothing more (docs/decisions/032).
 */
export async function refreshBookingTotals(trx: Db, bookingId: number, now: string): Promise<void> {
  const { count, byCredit, first } = await trx
    .selectFrom("lesson")
    .select((eb) => [
      eb.fn.countAll<string | number>().as("count"),
      eb.fn.count<string | number>("paidByCreditId").as("byCredit"),
      eb.fn.min("date").as("first"),
    ])
    .where("bookingId", "=", bookingId)
    .executeTakeFirstOrThrow();
  const classCount = Number(count);
  await trx
    .updateTable("booking")
    .set({
      classCount,
      firstDate: first ?? null,
      title: bookingTitle(classCount),
      amountToPay: amountToPay(classCount - Number(byCredit)),
      status: "pending",
      paid: 1,
      updatedAt: now,
    })
    .where("id", "=", bookingId)
    .execute();
  await writeTitleWords(trx, bookingId, bookingTitle(classCount));
}

export async function deleteBookingRow(trx: Db, bookingId: number): Promise<boolean> {
  const result = await trx.deleteFrom("booking").where("id", "=", bookingId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Who swims in a lesson: those not in `swimmerIds` leave it (the caller keeps anyone with feedback), others join. */
export async function setLessonSwimmers(
  trx: Db,
  lessonId: number,
  swimmerIds: readonly string[],
): Promise<void> {
  await trx
    .deleteFrom("lessonSwimmer")
    .where("lessonId", "=", lessonId)
    .where("swimmerId", "not in", swimmerIds)
    .execute();
  await trx
    .insertInto("lessonSwimmer")
    .values(swimmerIds.map((swimmerId) => ({ lessonId, swimmerId, feedback: null, feedbackUpdatedAt: null })))
    .onConflict((conflict) => conflict.columns(["lessonId", "swimmerId"]).doNothing())
    .execute();
}

/** One lesson's time and instructor. */
export async function setLessonSchedule(trx: Db, lessonId: number, schedule: LessonSchedule): Promise<void> {
  await trx
    .updateTable("lesson")
    .set({ startTime: schedule.startTime, instructorId: schedule.instructorId })
    .where("id", "=", lessonId)
    .execute();
}

/** A lesson's new day and time (a reschedule); its reminder is queued again for the new day. */
export async function moveLessonRow(
  trx: Db,
  lessonId: number,
  to: { date: string; startTime: string },
): Promise<void> {
  await trx
    .updateTable("lesson")
    .set({ date: to.date, startTime: to.startTime, reminderQueuedAt: null })
    .where("id", "=", lessonId)
    .execute();
}

/** The booking's first date follows its lessons (the lists sort on it); nothing else of the booking changes. */
export async function refreshFirstDate(trx: Db, bookingId: number): Promise<void> {
  const { first } = await trx
    .selectFrom("lesson")
    .select((eb) => eb.fn.min("date").as("first"))
    .where("bookingId", "=", bookingId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("booking")
    .set({ firstDate: first ?? null })
    .where("id", "=", bookingId)
    .execute();
}

/** A timed lesson of an instructor, with whom it is for: what an overlap refusal names. */
export interface TimedLesson {
  id: number;
  date: string;
  startTime: string;
  household: string | null;
  swimmers: string[];
}

/** The instructor's lessons with a time on these dates (lesson_instructorId_date_idx). */
export async function timedLessonsOf(
  db: Db,
  instructorId: string,
  dates: readonly string[],
): Promise<TimedLesson[]> {
  if (dates.length === 0) return [];
  const rows = await db
    .selectFrom("lesson")
    .leftJoin("client", "client.id", "lesson.clientId")
    .leftJoin("lessonSwimmer", "lessonSwimmer.lessonId", "lesson.id")
    .leftJoin("swimmer", "swimmer.id", "lessonSwimmer.swimmerId")
    .select([
      "lesson.id",
      "lesson.date",
      "lesson.startTime",
      "client.firstName as householdFirst",
      "client.lastName as householdLast",
      "swimmer.firstName as swimmerFirst",
    ])
    .where("lesson.instructorId", "=", instructorId)
    .where("lesson.date", "in", dates)
    .where("lesson.startTime", "is not", null)
    // A cancelled lesson frees its time.
    .where("lesson.cancelledAt", "is", null)
    .orderBy("lesson.date")
    .orderBy("lesson.startTime")
    .orderBy("lesson.id")
    .orderBy("swimmer.createdAt")
    .orderBy("swimmer.id")
    .execute();
  const lessons: TimedLesson[] = [];
  for (const row of rows) {
    let lesson = lessons[lessons.length - 1];
    if (lesson?.id !== row.id) {
      lesson = {
        id: row.id,
        date: row.date,
        startTime: row.startTime as string,
        household:
          row.householdFirst === null ? null : `${row.householdFirst} ${row.householdLast ?? ""}`.trim(),
        swimmers: [],
      };
      lessons.push(lesson);
    }
    if (row.swimmerFirst !== null) lesson.swimmers.push(row.swimmerFirst);
  }
  return lessons;
}

/** One swimmer's feedback for a lesson. */
export async function setLessonFeedback(
  trx: Db,
  participant: { lessonId: number; swimmerId: string },
  feedback: string | null,
  now: string,
): Promise<void> {
  await trx
    .updateTable("lessonSwimmer")
    .set({ feedback, feedbackUpdatedAt: now })
    .where("lessonId", "=", participant.lessonId)
    .where("swimmerId", "=", participant.swimmerId)
    .execute();
}

/**
 * A plan ended: its classes after `today` will not happen, so those dates are freed (the client may book them again
 * on a new plan); the rest stay for the history, in bookings marked cancelled (no more reminders). A booking left
 * with no date goes. A later lesson paid by a class credit is not the plan's (docs/decisions/032): it stays, and
 * its booking stays pending so its reminder is still sent.
 */
export async function cancelBookingsOfPlan(
  trx: Db,
  planId: number,
  now: string,
  today: string,
): Promise<void> {
  await trx
    .deleteFrom("lesson")
    .where("planId", "=", planId)
    .where("date", ">", today)
    .where("paidByCreditId", "is", null)
    .execute();
  await trx
    .deleteFrom("booking")
    .where("planId", "=", planId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("lesson").select("lesson.id").whereRef("lesson.bookingId", "=", "booking.id"),
        ),
      ),
    )
    .execute();
  const bookings = await trx.selectFrom("booking").select("id").where("planId", "=", planId).execute();
  for (const { id } of bookings) await refreshBookingTotals(trx, id, now);
  await trx
    .updateTable("booking")
    .set({ status: "cancelled", updatedAt: now })
    .where("planId", "=", planId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("lesson")
            .select("lesson.id")
            .whereRef("lesson.bookingId", "=", "booking.id")
            .where("lesson.date", ">", today)
            .where("lesson.paidByCreditId", "is not", null),
        ),
      ),
    )
    .execute();
}

export interface BookingListQuery {
  search: string;
  page: number;
  pageSize: number;
  /** The feedback list also matches the booking's title. */
  matchTitle: boolean;
}

/**
 * Bookings whose client's first name, last name or "First Last" contains the search key (any case or accent,
 * the clients' stored search keys), or, for the feedback list, whose title does.
 */
function matching(db: Db, key: string, matchTitle: boolean) {
  const query = bookingsWithClient(db);
  if (!key) return query;
  if (isShortSearch(key))
    return query.where((eb: ExpressionBuilder<Database, "booking" | "client">) => {
      const conditions = [
        startsAWord(sql`${eb.ref("client.firstNameSearch")}`, key),
        startsAWord(sql`${eb.ref("client.lastNameSearch")}`, key),
      ];
      if (matchTitle) conditions.push(startsAWord(sql`lower(${eb.ref("booking.title")})`, key));
      return eb.or(conditions);
    });
  const pattern = containsPattern(key);
  return query.where((eb: ExpressionBuilder<Database, "booking" | "client">) => {
    const like = (expression: ReturnType<typeof sql>) =>
      sql<boolean>`${expression} like ${pattern} escape '\\'`;
    const first = eb.ref("client.firstNameSearch");
    const last = eb.ref("client.lastNameSearch");
    const conditions = [like(sql`${first}`), like(sql`${last}`), like(sql`${first} || ' ' || ${last}`)];
    if (matchTitle) conditions.push(like(sql`lower(${eb.ref("booking.title")})`));
    return eb.or(conditions);
  });
}

/**
 * The ids of the matching bookings, exactly, from `bookingSearch` (migration 0009: each booking's client "first
 * last" and lower-cased title, trigram-indexed) for a key of 3 or more characters. A first or last name holds the
 * key only if "first last" does, so the name alone answers.
 */
function matchingIds(db: Db, key: string, matchTitle: boolean, distinct = true) {
  if ([...key].length < shortestIndexedSearch) return undefined;
  let hits: AliasableExpression<{ id: number }>;
  if (isPostgres(db)) {
    // One query per column, so each reads its own index (an OR of the two gets a scan of the table).
    const containing = (column: "bookingSearch.name" | "bookingSearch.title") =>
      db
        .selectFrom("bookingSearch")
        .select("bookingSearch.bookingId as id")
        .where(sql<boolean>`${sql.ref(column)} like ${containsPattern(key)} escape '\\'`);
    const both = () =>
      distinct
        ? containing("bookingSearch.name").union(containing("bookingSearch.title"))
        : containing("bookingSearch.name").unionAll(containing("bookingSearch.title"));
    hits = matchTitle ? both() : containing("bookingSearch.name");
  } else {
    hits = sql<{ id: number }>`(select rowid as "id" from "bookingSearch"
        where "bookingSearch" match ${`${matchTitle ? "{name title}" : "name"} : ${trigramPhrase(key)}`})`;
  }
  return db.selectFrom(hits.as("hit")).select("hit.id");
}

/**
 * Whether at least `limit` index entries hold the key (3 letters or more), read until `limit` (a booking found by
 * name and title counts twice, which only ever says "many" sooner).
 */
async function manyMatching(db: Db, key: string, matchTitle: boolean, limit: number): Promise<boolean> {
  const ids = matchingIds(db, key, matchTitle, false);
  if (!ids) return false;
  return (await ids.limit(limit).execute()).length >= limit;
}

async function countBookings(db: Db, key: string, matchTitle: boolean): Promise<number> {
  if (!key) return countedRows(db, "booking");
  const ids = matchingIds(db, key, matchTitle);
  return ids ? countOf(db, ids) : countOf(db, matching(db, key, matchTitle).select("booking.id"));
}

/**
 * Whether a searched page is so near the top of booking_firstDate_idx (so many bookings match) that testing each
 * booking through its client is cheaper than gathering every hit first: about upTo × rows / matches client
 * lookups, against `matches` hits at about an eighth of a lookup each (measured on SQLite, 100,000 bookings).
 */
const pageNearTop = (matches: number, rows: number, upTo: number) => matches * matches >= 8 * upTo * rows;

/** The bookings matching `key` as the lists show them (with their swimmers), newest first. */
const listedNewestFirst = (db: Db, key: string, matchTitle: boolean) =>
  newestFirst(matching(db, key, matchTitle).select(bookingColumns).select(swimmersOfBooking(db)));

/** Manage Bookings' first look (no search), the page and the kept row count: compiled once (decision 056). */
const unsearchedBookingsRead = compiledOnce((db, value: CallValue<{ limit: number; offset: number }>) =>
  listedNewestFirst(db, "", false)
    .select(countedRowsColumn("booking"))
    .limit(value("limit"))
    .offset(value("offset")),
);

/**
 * One page, newest first by first date then id. Read along booking_firstDate_idx, testing each booking, the scan
 * stops once the page is full; when a search matches few bookings, they are read by id from the index's hits and
 * sorted instead (readAlongOrder).
 */
export async function listBookings(
  db: Db,
  query: BookingListQuery,
  wordProbe = wordProbeLimit,
): Promise<{ rows: ListedBooking[]; total: number; totalAtLeast?: boolean }> {
  const key = searchKey(query.search);
  if (!key) {
    // The unsearched list: its page and the kept row count in one statement.
    const rows = await unsearchedBookingsRead(db, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const total = rows[0] ? Number(rows[0].countedRows) : await countedRows(db, "booking");
    return { rows: rows.map(({ countedRows: _, ...row }) => listed(row)), total };
  }
  // The page (and one booking more) read along booking_firstDate_idx, each tested through its client, and the matches
  // not counted: a search that many bookings match.
  const pageAlongOrder = async () => {
    const rows = await listedNewestFirst(db, key, query.matchTitle)
      .limit(query.pageSize + 1)
      .offset((query.page - 1) * query.pageSize)
      .execute();
    const { items, total, totalAtLeast } = shortSearchPage(rows.map(listed), query.page, query.pageSize);
    return { rows: items, total, totalAtLeast };
  };
  if (isShortSearch(key)) {
    // Few names (or titles) start with these letters ("zq"): the word tables name every matching booking, read by
    // id, sorted and counted (docs/decisions/043).
    const named = await bookingsWithWord(db, key, query.matchTitle, wordProbe);
    if (named) {
      // Each read by id, then sorted: materialized, because PostgreSQL would otherwise walk booking_firstDate_idx
      // testing each booking against the list, reading the whole index when the matches are old or few.
      const rows =
        named.length === 0
          ? []
          : await db
              .with(
                (cte) => cte("named").materialized(),
                () => bookingsWithClient(db).select(bookingColumns).where("booking.id", "in", named),
              )
              .selectFrom("named")
              .selectAll()
              .select((eb) => swimmerNamesColumn(db, eb.ref("named.clientId")))
              .orderBy("named.firstDate", "desc")
              .orderBy("named.id", "desc")
              .limit(query.pageSize)
              .offset((query.page - 1) * query.pageSize)
              .execute();
      return { rows: rows.map(listed), total: named.length };
    }
    // Clients whose names start with one or two letters are many: the page (and one booking more) is read along
    // booking_firstDate_idx, full after a few dozen bookings at any size, and the matches are not counted.
    return pageAlongOrder();
  }
  if (await manyMatching(db, key, query.matchTitle, wordProbe)) {
    // Many bookings match ("garcia"): counting them all grows with the school, so the page (and one booking more) is
    // read along booking_firstDate_idx, each tested through its client, and the matches are not counted
    // (docs/decisions/046), as a short search of many matches.
    return pageAlongOrder();
  }
  const total = await countBookings(db, key, query.matchTitle);
  const upTo = query.page * query.pageSize;
  if (total <= upTo - query.pageSize) return { rows: [], total };
  const ids = matchingIds(db, key, query.matchTitle);
  const newestPage = <O>(page: SelectQueryBuilder<Database, "booking" | "client", O>) =>
    newestFirst(page)
      .limit(query.pageSize)
      .offset(upTo - query.pageSize);
  let page: SelectQueryBuilder<Database, "booking" | "client", BookingRow & { swimmerNames: unknown }>;
  const allBookings = ids ? await countedRows(db, "booking") : 0;
  if (!ids || pageNearTop(total, allBookings, upTo)) {
    page = newestPage(
      matching(db, key, query.matchTitle).select(bookingColumns).select(swimmersOfBooking(db)),
    );
  } else if (readAlongOrder(total, allBookings, upTo)) {
    // Each booking along the index is tested against the hits (gathered once) rather than through its client: the
    // page is far enough down the index that those lookups would cost more. The unary + keeps SQLite from reading
    // the hits by id and sorting them (its planner cannot tell how many there are). On PostgreSQL, "is true" keeps
    // the IN a hashed filter rather than a join: as a join it read every booking and sorted the hits (feedback
    // "lopez" at 100,000: 41 ms against 7 ms, docs/decisions/040).
    const inHits = isPostgres(db)
      ? sql<boolean>`(${sql.ref("booking.id")} in (${ids})) is true`
      : sql<boolean>`+${sql.ref("booking.id")} in (${ids})`;
    page = newestPage(
      bookingsWithClient(db).select(bookingColumns).select(swimmersOfBooking(db)).where(inHits),
    );
  } else {
    const pageIds = newestPage(bookingsWithClient(db).select("booking.id").where("booking.id", "in", ids));
    page = newestFirst(
      bookingsWithClient(db)
        .select(bookingColumns)
        .select(swimmersOfBooking(db))
        .where("booking.id", "in", pageIds),
    );
  }
  return { rows: (await page.execute()).map(listed), total };
}

/**
 * One page of the bookings holding a lesson the instructor teaches (docs/decisions/021), newest first, searched by
 * client name (and title, for the feedback list). An instructor's few bookings need none of the indexes' shortcuts.
 */
export async function listBookingsOfInstructor(
  db: Db,
  query: BookingListQuery,
  instructorId: string,
): Promise<{ rows: BookingRow[]; total: number; totalAtLeast?: boolean }> {
  const key = searchKey(query.search);
  const teaching = matching(db, key, query.matchTitle).where((eb) =>
    eb.exists(
      eb
        .selectFrom("lesson")
        .select("lesson.id")
        .whereRef("lesson.bookingId", "=", "booking.id")
        .where("lesson.instructorId", "=", instructorId),
    ),
  );
  const total = await countOf(db, teaching.select("booking.id"));
  const rows = await newestFirst(teaching.select(bookingColumns))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { rows, total };
}

/** Every booking of the client, newest first. */
export const bookingsOfClient = (db: Db, clientId: string): Promise<BookingRow[]> =>
  bookingsOfClientRead(db, { clientId });
const bookingsOfClientRead = compiledOnce((db, value: CallValue<{ clientId: string }>) =>
  newestFirst(
    bookingsWithClient(db).select(bookingColumns).where("booking.clientId", "=", value("clientId")),
  ),
);
