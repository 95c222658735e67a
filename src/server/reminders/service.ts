import { bookingMessages, type ReminderSettingsResponse } from "../../domain/bookings.ts";
import { messages } from "../../domain/messages.ts";
import { paths } from "../../domain/paths.ts";
import { addDays, dayInZone, formatDay, hourInZone } from "../../domain/school-day.ts";
import { publicUrl } from "../config.ts";
import type { Db } from "../db/database.ts";
import { appError } from "../http/errors.ts";
import type { QueuedMail } from "../ports/mail/outbox.ts";
import type { Wiring } from "../wiring.ts";

export type ReminderDeps = Pick<Wiring, "db" | "outbox" | "clock" | "config">;

/** Spec: every class lasts 30 minutes. */
const classMinutes = 30;
/** Lessons read per query; the sweep reads again until a batch comes back short. */
const batchSize = 100;

interface DueLesson {
  id: number;
  date: string;
  email: string;
  firstName: string;
}

export function reminderMail(lesson: DueLesson, siteUrl: string): QueuedMail {
  const day = formatDay(lesson.date, { dateStyle: "full" });
  return {
    to: lesson.email,
    subject: "Reminder: your swim class tomorrow",
    text: [
      `Hello ${lesson.firstName},`,
      `This is a reminder of your swim class tomorrow, ${day}. The class lasts ${classMinutes} minutes.`,
      `You can turn these reminders off on your dashboard: ${siteUrl}${paths.clientPanel}`,
    ].join("\n\n"),
  };
}

/**
 * Queues the day-before reminder of every class of tomorrow (school time) once the school's clock reaches
 * CLASS_REMINDER_HOUR; a server that was down at that hour catches up later the same day. A lesson is claimed by one
 * conditional UPDATE in the transaction that queues its mail, so however many instances sweep at once, and however
 * often, each class gets one reminder. Then tries delivery (the outbox leases each mail to one sender).
 * Returns how many reminders this call queued.
 */
export async function queueDueReminders(deps: ReminderDeps): Promise<number> {
  const { db, outbox, clock, config } = deps;
  const now = clock.now();
  if (hourInZone(now, config.TZ_SCHOOL) < config.CLASS_REMINDER_HOUR) return 0;
  const tomorrow = addDays(dayInZone(now, config.TZ_SCHOOL), 1);
  const siteUrl = publicUrl(config);

  const queued: number[] = [];
  let afterId = 0;
  for (;;) {
    const due = await db
      .selectFrom("lesson")
      .innerJoin("booking", "booking.id", "lesson.bookingId")
      .innerJoin("client", "client.id", "lesson.clientId")
      .select(["lesson.id", "lesson.date", "client.email", "client.firstName"])
      .where("lesson.date", "=", tomorrow)
      .where("lesson.reminderQueuedAt", "is", null)
      .where("lesson.id", ">", afterId)
      .where("booking.status", "=", "pending")
      .where("client.classRemindersEnabled", "=", 1)
      .orderBy("lesson.id")
      .limit(batchSize)
      .execute();
    for (const lesson of due) {
      const mailId = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable("lesson")
          .set({ reminderQueuedAt: clock.now().toISOString() })
          .where("id", "=", lesson.id)
          .where("reminderQueuedAt", "is", null)
          .returning("id")
          .executeTakeFirst();
        return claimed ? outbox.enqueue(reminderMail(lesson, siteUrl), trx) : null;
      });
      if (mailId !== null) queued.push(mailId);
    }
    if (due.length < batchSize) break;
    afterId = due[due.length - 1]?.id ?? afterId;
  }
  for (const mailId of queued) await outbox.deliver(mailId);
  return queued.length;
}

async function remindersEnabled(db: Db, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom("client")
    .select("classRemindersEnabled")
    .where("id", "=", clientId)
    .executeTakeFirst();
  if (!row) throw appError("client-not-found", 404, messages.clientNotFound);
  return row.classRemindersEnabled === 1;
}

export async function reminderSettings(
  deps: Pick<ReminderDeps, "db" | "config">,
  clientId: string,
): Promise<ReminderSettingsResponse> {
  return { enabled: await remindersEnabled(deps.db, clientId), hour: deps.config.CLASS_REMINDER_HOUR };
}

export async function setReminders(
  deps: Pick<ReminderDeps, "db" | "config">,
  clientId: string,
  enabled: boolean,
): Promise<ReminderSettingsResponse> {
  const result = await deps.db
    .updateTable("client")
    .set({ classRemindersEnabled: enabled ? 1 : 0 })
    .where("id", "=", clientId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw appError("client-not-found", 404, messages.clientNotFound);
  return {
    enabled,
    hour: deps.config.CLASS_REMINDER_HOUR,
    message: enabled ? bookingMessages.remindersOn : bookingMessages.remindersOff,
  };
}
