import { bookingMessages, type ReminderSettingsResponse } from "../../domain/bookings.ts";
import { defaultLocale } from "../../domain/locale.ts";
import { messages } from "../../domain/messages.ts";
import { paths } from "../../domain/paths.ts";
import { addDays, dayInZone, formatDay, hourInZone } from "../../domain/school-day.ts";
import { translate } from "../../domain/translate.ts";
import { personLocales } from "../auth/service.ts";
import { publicUrl } from "../config.ts";
import { appError } from "../http/errors.ts";
import { inLocale } from "../i18n/i18n.ts";
import { mailWords } from "../i18n/mail-words.ts";
import type { QueuedMail } from "../ports/mail/outbox.ts";
import type { Wiring } from "../wiring.ts";
import {
  claimReminder,
  type DueLesson,
  dueLessons,
  remindersEnabledFor,
  setRemindersEnabled,
} from "./repository.ts";

export type ReminderDeps = Pick<Wiring, "db" | "outbox" | "clock" | "config">;

/** Spec: every class lasts 30 minutes. */
const classMinutes = 30;
/** Lessons read per query; the sweep reads again until a batch comes back short. */
const batchSize = 100;

/** The day-before reminder, in the language the caller writes it in (the client's: see queueDueReminders). */
export function reminderMail(lesson: DueLesson, siteUrl: string): QueuedMail {
  const day = formatDay(lesson.date, { dateStyle: "full" });
  return {
    to: lesson.email,
    subject: translate(
      /*i18n*/ { id: "mails.reminder.subject", message: "Reminder: your swim class tomorrow" },
    ),
    text: [
      mailWords.greeting(lesson.firstName),
      translate(
        /*i18n*/ {
          id: "mails.reminder.body",
          message:
            "This is a reminder of your swim class tomorrow, {day}. The class lasts {minutes} minutes.",
          values: { day, minutes: classMinutes },
        },
      ),
      translate(
        /*i18n*/ {
          id: "mails.reminder.turnOff",
          message: "You can turn these reminders off on your dashboard: {link}",
          values: { link: `${siteUrl}${paths.clientPanel}` },
        },
      ),
      mailWords.foot(siteUrl, "reminders"),
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
    const due = await dueLessons(db, { day: tomorrow, afterId, limit: batchSize });
    // Each reminder in its reader's language, whoever runs the sweep (docs/decisions/018).
    const locales = await personLocales(
      db,
      due.map((lesson) => lesson.clientId),
    );
    for (const lesson of due) {
      const mailId = await db.transaction().execute(async (trx) => {
        const claimed = await claimReminder(trx, lesson.id, clock.now().toISOString());
        if (!claimed) return null;
        const mail = inLocale(locales.get(lesson.clientId) ?? defaultLocale, () =>
          reminderMail(lesson, siteUrl),
        );
        return outbox.enqueue(mail, trx);
      });
      if (mailId !== null) queued.push(mailId);
    }
    if (due.length < batchSize) break;
    afterId = due[due.length - 1]?.id ?? afterId;
  }
  for (const mailId of queued) await outbox.deliver(mailId);
  return queued.length;
}

async function remindersEnabled(deps: Pick<ReminderDeps, "db">, clientId: string): Promise<boolean> {
  const enabled = await remindersEnabledFor(deps.db, clientId);
  if (enabled === undefined) throw appError("client-not-found", 404, messages.clientNotFound);
  return enabled;
}

export async function reminderSettings(
  deps: Pick<ReminderDeps, "db" | "config">,
  clientId: string,
): Promise<ReminderSettingsResponse> {
  return { enabled: await remindersEnabled(deps, clientId), hour: deps.config.CLASS_REMINDER_HOUR };
}

export async function setReminders(
  deps: Pick<ReminderDeps, "db" | "config">,
  clientId: string,
  enabled: boolean,
): Promise<ReminderSettingsResponse> {
  if (!(await setRemindersEnabled(deps.db, clientId, enabled))) {
    throw appError("client-not-found", 404, messages.clientNotFound);
  }
  return {
    enabled,
    hour: deps.config.CLASS_REMINDER_HOUR,
    message: enabled ? bookingMessages.remindersOn : bookingMessages.remindersOff,
  };
}
