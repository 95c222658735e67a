import type { Migration } from "kysely";
import * as contactAndOutbox from "./0001-contact-and-outbox.ts";
import * as accountsAndClients from "./0002-accounts-and-clients.ts";
import * as healthProbe from "./0003-health-probe.ts";
import * as mailOutboxLimits from "./0004-mail-outbox-limits.ts";
import * as packsAndPayments from "./0005-packs-and-payments.ts";
import * as newsletter from "./0006-newsletter.ts";
import * as privateMedia from "./0007-private-media.ts";
import * as bookings from "./0008-bookings.ts";
import * as searchIndexes from "./0009-search-indexes.ts";
import * as personLanguage from "./0010-person-language.ts";
import * as households from "./0011-households.ts";
import * as guardianInvitations from "./0012-guardian-invitations.ts";
import * as familySearch from "./0013-family-search.ts";
import * as schoolSettings from "./0014-school-settings.ts";
import * as lessonSchedule from "./0015-lesson-schedule.ts";
import * as lessonRecords from "./0016-lesson-records.ts";
import * as instructorAvailability from "./0017-instructor-availability.ts";
import * as curriculum from "./0018-curriculum.ts";
import * as swimmerLevel from "./0019-swimmer-level.ts";
import * as certificateApproval from "./0020-certificate-approval.ts";
import * as cancellationPolicy from "./0021-cancellation-policy.ts";
import * as classCredits from "./0022-class-credits.ts";
import * as lessonCancellation from "./0023-lesson-cancellation.ts";
import * as creditPaidLesson from "./0024-credit-paid-lesson.ts";
import * as reschedules from "./0025-reschedules.ts";
import * as auditLog from "./0027-audit-log.ts";
import * as paymentLedger from "./0028-payment-ledger.ts";
import * as nameWords from "./0029-name-words.ts";

/** Forward-only, in order. A new migration is a new file added here; a landed one is never edited. */
export const migrations: Record<string, Migration> = {
  "0001-contact-and-outbox": contactAndOutbox,
  "0002-accounts-and-clients": accountsAndClients,
  "0003-health-probe": healthProbe,
  "0004-mail-outbox-limits": mailOutboxLimits,
  "0005-packs-and-payments": packsAndPayments,
  "0006-newsletter": newsletter,
  "0007-private-media": privateMedia,
  "0008-bookings": bookings,
  "0009-search-indexes": searchIndexes,
  "0010-person-language": personLanguage,
  "0011-households": households,
  "0012-guardian-invitations": guardianInvitations,
  "0013-family-search": familySearch,
  "0014-school-settings": schoolSettings,
  "0015-lesson-schedule": lessonSchedule,
  "0016-lesson-records": lessonRecords,
  "0017-instructor-availability": instructorAvailability,
  "0018-curriculum": curriculum,
  "0019-swimmer-level": swimmerLevel,
  "0020-certificate-approval": certificateApproval,
  "0021-cancellation-policy": cancellationPolicy,
  "0022-class-credits": classCredits,
  "0023-lesson-cancellation": lessonCancellation,
  "0024-credit-paid-lesson": creditPaidLesson,
  "0025-reschedules": reschedules,
  "0027-audit-log": auditLog,
  "0028-payment-ledger": paymentLedger,
  "0029-name-words": nameWords,
};
