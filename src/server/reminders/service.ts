import { bookingMessages, type ReminderSettingsResponse } from "../../domain/bookings.ts";
import { classMinutes, lessonMessages } from "../../domain/lesson-schedule.ts";
import { messages } from "../../domain/messages.ts";
import { paths } from "../../domain/paths.ts";
import { type CancellationPolicy, policyWords } from "../../domain/policy.ts";
import { addDays, dayInZone, formatDay, hourInZone } from "../../domain/school-day.ts";
import { translate } from "../../domain/translate.ts";
import { publicUrl } from "../config.ts";
import { sweepHouseholdMails } from "../households/mail-sweep.ts";
import { remindersEnabledFor, setRemindersEnabled } from "../households/service.ts";
import { appError } from "../http/errors.ts";
import { mailWords } from "../i18n/mail-words.ts";
import { policiesByVersion } from "../policy/service.ts";
import type { QueuedMail } from "../ports/mail/outbox.ts";
import type { Wiring } from "../wiring.ts";
import { claimReminder, type DueLesson, dueLessons } from "./repository.ts";

export type ReminderDeps = Pick<Wiring, "db" | "outbox" | "clock" | "config">;

/**
 * The day-before reminder, in the language the caller writes it in (the client's: see queueDueReminders), with the
 * cancellation policy the lesson was booked under.
 */
export function reminderMail(
  lesson: DueLesson,
  to: { email: string; firstName: string },
  siteUrl: string,
  policy: CancellationPolicy,
): QueuedMail {
  const day = formatDay(lesson.date, { dateStyle: "full" });
  return {
    to: to.email,
    subject: translate(
      /*i18n*/ { id: "mails.reminder.subject", message: "Reminder: your swim class tomorrow" },
    ),
    text: [
      mailWords.greeting(to.firstName),
      translate(
        /*i18n*/ {
          id: "mails.reminder.body",
          message:
            "This is a reminder of your swim class tomorrow, {day}. The class lasts {minutes} minutes.",
          values: { day, minutes: classMinutes },
        },
      ),
      [
        lessonMessages.timeLine(lesson.startTime),
        lesson.instructorName ? lessonMessages.instructorLine(lesson.instructorName) : "",
        lesson.address ? lessonMessages.addressLine(lesson.address) : "",
      ]
        .filter(Boolean)
        .join("\n"),
      [
        translate(/*i18n*/ { id: "mails.reminder.policy", message: "Our cancellation policy:" }),
        ...policyWords(policy).map((sentence) => `- ${sentence}`),
      ].join("\n"),
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

  return sweepHouseholdMails(
    { db, outbox, now: () => clock.now().toISOString() },
    {
      due: (afterId, limit) => dueLessons(db, { day: tomorrow, afterId, limit }),
      reminders: true,
      claim: (trx, lesson, at) => claimReminder(trx, lesson.id, at),
      mailsOf: async (batch) => {
        const policies = await policiesByVersion(
          db,
          batch.map((lesson) => lesson.policyVersion),
        );
        return (lesson, to) => {
          const policy = policies.get(lesson.policyVersion);
          if (!policy)
            throw new Error(`lesson ${lesson.id}: no cancellation policy version ${lesson.policyVersion}`);
          return reminderMail(lesson, to, siteUrl, policy.policy);
        };
      },
    },
  );
}

/** The reminder choice of guardian `userId` (guardianActingFor). */
async function remindersEnabled(deps: Pick<ReminderDeps, "db">, userId: string): Promise<boolean> {
  const enabled = await remindersEnabledFor(deps.db, userId);
  if (enabled === undefined) throw appError("client-not-found", 404, messages.clientNotFound);
  return enabled;
}

export async function reminderSettings(
  deps: Pick<ReminderDeps, "db" | "config">,
  userId: string,
): Promise<ReminderSettingsResponse> {
  return { enabled: await remindersEnabled(deps, userId), hour: deps.config.CLASS_REMINDER_HOUR };
}

export async function setReminders(
  deps: Pick<ReminderDeps, "db" | "config">,
  userId: string,
  enabled: boolean,
): Promise<ReminderSettingsResponse> {
  if (!(await setRemindersEnabled(deps.db, userId, enabled))) {
    throw appError("client-not-found", 404, messages.clientNotFound);
  }
  return {
    enabled,
    hour: deps.config.CLASS_REMINDER_HOUR,
    message: enabled ? bookingMessages.remindersOn : bookingMessages.remindersOff,
  };
}
