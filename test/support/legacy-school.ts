import type { Kysely } from "kysely";
import {
  bookingRow,
  clientRows,
  galleryItemRow,
  lessonRows,
  lessonSwimmerRows,
  milestoneRow,
  type NewLesson,
  planRow,
  type SeedData,
  subscriberRow,
} from "./factories.ts";

/**
 * A school as releases up to migration 0010 stored it, for the migration tests: one person per client (no guardian
 * or swimmer rows), each lesson carrying its own feedback, media without a swimmer, the class-reminder choice on the
 * client and the calendar feed keyed by client. Built from the factories' rows (which write today's shape) so both
 * stay one description of the same data; `remindersOff` and `feeds` name the clients whose choice and feed are set.
 */
export async function seedLegacySchool(
  db: Kysely<any>,
  data: SeedData & { remindersOff?: readonly string[]; feeds?: readonly string[] },
): Promise<void> {
  const insert = async (table: string, rows: readonly object[]) => {
    for (let start = 0; start < rows.length; start += 400) {
      await db
        .insertInto(table)
        .values(rows.slice(start, start + 400) as never)
        .execute();
    }
  };
  const clients = (data.clients ?? []).map(clientRows);
  await insert(
    "user",
    clients.map((rows) => rows.user),
  );
  await insert(
    "account",
    clients.map((rows) => rows.account),
  );
  const off = new Set(data.remindersOff);
  await insert(
    "client",
    clients.map((rows) => ({ ...rows.client, classRemindersEnabled: off.has(rows.client.id) ? 0 : 1 })),
  );

  const plans = new Map((data.plans ?? []).map((plan, index) => [plan, { ...planRow(plan), id: index + 1 }]));
  await insert("subscriptionPlan", [...plans.values()]);
  const bookings: object[] = [];
  const lessons: object[] = [];
  let bookingId = 1;
  let lessonId = 1;
  for (const booking of data.bookings ?? []) {
    const plan = plans.get(booking.plan);
    if (!plan) throw new Error("a booking's plan must be one of the plans given");
    const dates = booking.dates.map((date) => (typeof date === "string" ? { date } : date));
    dates.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const id = bookingId++;
    bookings.push({
      ...bookingRow(booking, dates, {
        ...plan,
        subscriptionId: plan.subscriptionId ?? null,
        endedAt: plan.endedAt ?? null,
      }),
      id,
    });
    lessonRows(booking, dates, plan.id, id, null).forEach((lesson, index) => {
      const [first] = lessonSwimmerRows(booking, dates[index] as NewLesson, lessonId);
      const { feedback = null, feedbackUpdatedAt = null } = first ?? {};
      lessons.push({ ...lesson, id: lessonId++, feedback, feedbackUpdatedAt });
    });
  }
  await insert("booking", bookings);
  await insert("lesson", lessons);

  const withoutSwimmer = <T extends { swimmerId?: unknown }>({ swimmerId: _, ...row }: T) => row;
  await insert("milestone", (data.milestones ?? []).map(milestoneRow).map(withoutSwimmer));
  await insert("galleryItem", (data.galleryItems ?? []).map(galleryItemRow).map(withoutSwimmer));
  await insert("newsletterSubscriber", (data.subscribers ?? []).map(subscriberRow));
  await insert(
    "calendarFeed",
    (data.feeds ?? []).map((clientId, index) => ({
      clientId,
      token: `legacy-feed-token-${index}-${clientId}`,
      createdAt: "2026-02-01T09:00:00.000Z",
    })),
  );
}
