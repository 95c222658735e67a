import type { ColumnType, Generated } from "kysely";
import type { Attendance } from "../../domain/today.ts";

/** Timestamps are ISO-8601 strings in UTC on both engines, so they compare and sort the same way. */
export type Timestamp = string;

export interface ContactMessageTable {
  id: Generated<number>;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  message: string;
  /** Hash of the fields, so a visitor who resends after a failure does not store the same message twice. */
  fingerprint: string;
  /** The mail that tells the school about this message. */
  mailOutboxId: number | null;
  createdAt: Timestamp;
}

/** `failed`: MAIL_MAX_ATTEMPTS tries failed; never retried unless an admin puts it back to `pending`. */
export type MailStatus = "pending" | "sent" | "logged" | "failed";

export interface MailOutboxTable {
  id: Generated<number>;
  toAddress: string;
  replyTo: string | null;
  subject: string;
  /** What is sent. Once sent (or when only logged) it no longer holds the mail's secrets, e.g. a reset link. */
  body: string;
  /** The body with its secrets removed, kept until the mail is sent; null when it has none. */
  redactedBody: string | null;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  /** When the next try is due (retry backoff). */
  nextAttemptAt: Timestamp;
  /** A sender is trying it until then; others leave it alone. */
  leasedUntil: Timestamp | null;
  sentAt: Timestamp | null;
  createdAt: Timestamp;
}

/**
 * better-auth's own columns follow its adapter: a date is a timestamptz on PostgreSQL (read as a Date) and an
 * ISO string on SQLite; a boolean is a boolean on PostgreSQL and 0/1 on SQLite. Writing an ISO string or 0/1
 * works on both engines; read them through `toDate` and `Boolean`.
 */
export type AuthDate = ColumnType<Date | string, string, string>;
export type AuthBoolean = ColumnType<boolean | number, number, number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: AuthBoolean;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  /** The admin plugin's role: "admin" for the school's admins, "user" for everyone else. */
  role: string | null;
  banned: AuthBoolean | null;
  banReason: string | null;
  banExpires: AuthDate | null;
  mustChangePassword: AuthBoolean | null;
  /** The person's language (domain/locale.ts). */
  locale: Generated<string>;
}

export interface SessionTable {
  id: string;
  expiresAt: AuthDate;
  token: string;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
  /** Last authenticated API request (the idle sign-out reads it). */
  lastActiveAt: AuthDate | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthDate | null;
  refreshTokenExpiresAt: AuthDate | null;
  scope: string | null;
  /** better-auth's scrypt hash; never read or written here except as better-auth produced it. */
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface ClientTable {
  /** The user's id. */
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  createdAt: Timestamp;
  role: "client";
  defaultPackType: string | null;
  firstNameSearch: string;
  lastNameSearch: string;
  /** Where the household's lessons are taught, and how to get in (gate code, parking, pool heater). */
  address: Generated<string>;
  accessNotes: Generated<string>;
}

export interface SubscriptionPlanTable {
  id: Generated<number>;
  clientId: string;
  /** 0 or 1 on both engines. */
  isActive: number;
  totalClasses: number;
  usedClasses: number;
  packType: string;
  subscriptionId: string | null;
  createdAt: Timestamp;
  /** Who bills it: "local" or "stripe" (null for plans written before payments existed). */
  provider: string | null;
  /** Start of the paid period the classes belong to: the purchase, then each renewal. */
  periodStartedAt: Timestamp | null;
  /** When it stopped being active (cancelled here or at the provider). */
  endedAt: Timestamp | null;
}

/** The package catalogue (migration 0005); `id` is the pack type, e.g. "4_60". */
export interface PackTable {
  id: string;
  name: string;
  classes: number;
  pricePerClass: number;
  position: number;
}

export interface CheckoutSessionTable {
  /** Ours for the local provider, Stripe's `cs_…` for Stripe. */
  id: string;
  provider: "local" | "stripe";
  clientId: string;
  packType: string;
  email: string;
  /** `refused`: paid while another plan of the client was active, so no plan was created. */
  status: "open" | "completed" | "canceled" | "refused";
  createdAt: Timestamp;
  closedAt: Timestamp | null;
}

/** A payment event already applied; its id is the provider's event id. */
export interface PaymentEventTable {
  id: string;
  provider: string;
  type: string;
  receivedAt: Timestamp;
}

export interface SignInFailureTable {
  id: Generated<number>;
  /** Lower-cased, whether or not an account has it. */
  email: string;
  ipAddress: string;
  createdAt: Timestamp;
}

export interface Database {
  contactMessage: ContactMessageTable;
  mailOutbox: MailOutboxTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  client: ClientTable;
  subscriptionPlan: SubscriptionPlanTable;
  pack: PackTable;
  checkoutSession: CheckoutSessionTable;
  paymentEvent: PaymentEventTable;
  signInFailure: SignInFailureTable;
}

export function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** `pending` until the mailed link is opened; `unsubscribed` rows keep the address only to answer a late click. */
export type NewsletterStatus = "pending" | "confirmed" | "unsubscribed";

export interface NewsletterSubscriberTable {
  id: Generated<number>;
  /** Normalised (trimmed, lower case); one row per address. */
  email: string;
  status: NewsletterStatus;
  /** sha256 (hex) of the single-use confirmation token; null once used, or after unsubscribing. */
  confirmTokenHash: string | null;
  confirmTokenExpiresAt: Timestamp | null;
  /** When the last confirmation mail was queued: at most one per address per resend window. */
  confirmationSentAt: Timestamp | null;
  confirmedAt: Timestamp | null;
  unsubscribedAt: Timestamp | null;
  createdAt: Timestamp;
  /** The language of the page the address was signed up on: the newsletter's mails are written in it. */
  locale: Generated<string>;
}

// Declaration merging keeps this feature's table an append of its own, beside the others in `Database`.
export interface Database {
  newsletterSubscriber: NewsletterSubscriberTable;
}

/** A milestone photo (migration 0007); its files are in the media store under these keys. */
export interface MilestoneTable {
  /** Random; part of the file URLs. */
  id: string;
  clientId: string;
  /** Whose milestone (always set by the app; null only in the column's type, which SQLite cannot change). */
  swimmerId: string | null;
  /** When it was uploaded. */
  timestamp: Timestamp;
  /** The upload's day (YYYY-MM-DD, school time): what the month and year filters read. */
  date: string;
  imageKey: string;
  thumbnailKey: string;
}

/** A gallery item: an image with its files, or a video link (never both). */
export interface GalleryItemTable {
  id: string;
  clientId: string;
  /** Whose photo or video (always set by the app, as for a milestone). */
  swimmerId: string | null;
  mediaType: "image" | "video";
  /** The day the admin chose (YYYY-MM-DD). */
  date: string;
  uploadedAt: Timestamp;
  imageKey: string | null;
  thumbnailKey: string | null;
  videoLink: string | null;
  /** Migration 0016: the lesson the photo was taken in (/today); null: uploaded from the gallery page. */
  lessonId: number | null;
}

export interface Database {
  milestone: MilestoneTable;
  galleryItem: GalleryItemTable;
}

/** A booking (migration 0008); its dates are `lesson` rows. The counts and `firstDate` follow its lessons. */
export interface BookingTable {
  id: Generated<number>;
  clientId: string;
  /** The subscription plan whose classes it books. */
  planId: number;
  subscriptionId: string | null;
  title: string;
  /** `cancelled` once its plan ended: no more reminders, kept for the history. */
  status: "pending" | "cancelled";
  /** 0 or 1. */
  paid: number;
  classCount: number;
  amountToPay: number;
  /** The earliest lesson date (YYYY-MM-DD): the lists sort on it. */
  firstDate: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** One booked class date of a household (unique per household and date); who swims in it: lessonSwimmer. */
export interface LessonTable {
  id: Generated<number>;
  bookingId: number;
  clientId: string;
  planId: number;
  date: string;
  /** When the day-before reminder was queued in the outbox; null until then. */
  reminderQueuedAt: Timestamp | null;
  /** Migration 0015: "HH:MM" in the school's time zone (a 30-minute class), or null: time to be set. */
  startTime: string | null;
  /** Migration 0015: who teaches it (a user); null once their account is gone. */
  instructorId: string | null;
  /** Migration 0021: the cancellation policy's version it was booked under (policy: currentPolicyVersion). */
  policyVersion: number;
  /** Migration 0023: when it was cancelled; null while it stands (a cancelled lesson is kept, never deleted). */
  cancelledAt: string | null;
  cancelledByUserId: string | null;
  cancellationReason: "family" | "family-weather" | "school" | "weather" | null;
  /** What was applied: the class counts as used, or a credit (`cancellationCreditId`) was given for it. */
  cancellationOutcome: "class-used" | "credit" | null;
  cancellationCreditId: number | null;
  /** Migration 0024: the credit that paid for it (it takes none of its plan's classes); null: paid by its plan. */
  paidByCreditId: number | null;
  /** Migration 0025: its latest move (null: never moved); the full history is its accepted lessonReschedule rows. */
  rescheduledAt: string | null;
  /** Who applied the move: who accepted it, or the guardian when the school moves a chosen free time at once. */
  rescheduledByUserId: string | null;
  rescheduledFromDate: string | null;
  rescheduledFromStartTime: string | null;
}

/** A guardian's own secret calendar-feed address (.ics); renewing it replaces the token. */
export interface GuardianCalendarFeedTable {
  userId: string;
  token: string;
  createdAt: Timestamp;
}

export interface Database {
  booking: BookingTable;
  lesson: LessonTable;
  guardianCalendarFeed: GuardianCalendarFeedTable;
}

/** The number of rows of a table, kept by triggers (migration 0009): the unsearched lists' totals. */
export interface RowCountTable {
  tableName: "client" | "booking";
  count: number;
}

/**
 * SQLite only (migration 0009, kept by triggers on client): each client's "first last" search name under an
 * integer key that lasts, which its FTS5 trigram index `clientNameTrigram` points to.
 */
export interface ClientNameTable {
  id: number;
  clientId: string;
  name: string;
}

/**
 * PostgreSQL (migration 0009, kept by triggers on booking and client): each booking's client "first last" search
 * name and lower-cased title, trigram-indexed. On SQLite the same is the FTS5 table `bookingSearch` (rowid: the
 * booking's id), read with raw SQL.
 */
export interface BookingSearchTable {
  bookingId: number;
  name: string;
  title: string;
}

export interface Database {
  rowCount: RowCountTable;
  clientName: ClientNameTable;
  bookingSearch: BookingSearchTable;
}

/** Who signs in for a household (`client`), and what they may do there (docs/decisions/019). */
export interface GuardianTable {
  userId: string;
  clientId: string;
  canBook: number;
  canPay: number;
  canSeeProgress: number;
  getsMail: number;
  /** The guardian's own choice on the dashboard: the day-before class reminder. */
  classRemindersEnabled: Generated<number>;
  createdAt: Timestamp;
}

/** Who swims, in a household. `userId`: their own login, when a guardian swims (an adult learner). */
export interface SwimmerTable {
  id: string;
  clientId: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD, when known. */
  birthDate: string | null;
  /** For the instructor: medical notes, fears. */
  notes: Generated<string>;
  /** May the school take and keep photos of this swimmer. */
  photoPermission: Generated<number>;
  userId: string | null;
  createdAt: Timestamp;
  /** Migration 0019: the level staff placed them in; null: read from their history (currentLevelOf). */
  levelId: number | null;
}

/** A swimmer in a lesson, with the instructor's feedback for them. */
export interface LessonSwimmerTable {
  lessonId: number;
  swimmerId: string;
  feedback: string | null;
  feedbackUpdatedAt: Timestamp | null;
  /** Migration 0016: present, late, absent or cancelled-by-school; null: not recorded. */
  attendance: Attendance | null;
  attendanceUpdatedAt: Timestamp | null;
}

/**
 * An invitation to become a guardian of a household, with the permissions the invited person will have. The link's
 * token is stored only as its SHA-256 (`tokenHash`); `acceptedAt` is set once, by the one accept that uses it.
 */
export interface GuardianInvitationTable {
  id: string;
  clientId: string;
  /** Normalised (trimmed, lower case). */
  email: string;
  canBook: number;
  canPay: number;
  canSeeProgress: number;
  getsMail: number;
  tokenHash: string;
  expiresAt: Timestamp;
  invitedByUserId: string;
  createdAt: Timestamp;
  acceptedAt: Timestamp | null;
}

export interface Database {
  guardian: GuardianTable;
  guardianInvitation: GuardianInvitationTable;
  swimmer: SwimmerTable;
  lessonSwimmer: LessonSwimmerTable;
}

// Migration 0013: the household's other members' names, folded, one a line: the clients search finds a family by
// any guardian's or swimmer's name.
export interface ClientTable {
  familyNamesSearch: Generated<string>;
}

// Migration 0014: School settings (issue 24). Empty tables mean site.json's values (server/settings).
export interface SchoolSettingsTable {
  /** Always 1: one school. */
  id: number;
  email: string;
  phone: string;
  socialProfileUrl: string;
  contractFormUrl: string;
  updatedAt: Timestamp;
  updatedByUserId: string | null;
}

/** One place of the home page's reel grid (0 to 11). */
export interface SchoolReelTable {
  position: number;
  url: string;
  caption: string;
  captionEs: string;
  sample: number;
}

// Migration 0020: School settings' "Approve certificates before publishing" (1: on, the default).
export interface SchoolSettingsTable {
  approveCertificates: Generated<number>;
  /** Migration 0025: 1 when a chosen free time moves a class at once; 0 (the default): the school accepts it. */
  automaticReschedules: Generated<number>;
}

/** Migration 0025: a family's request to move a lesson (docs/decisions/033); leaves "pending" once. */
export interface LessonRescheduleTable {
  id: Generated<number>;
  lessonId: number;
  fromDate: string;
  fromStartTime: string | null;
  toDate: string;
  toStartTime: string;
  requestedByUserId: string | null;
  requestedAt: string;
  status: Generated<"pending" | "accepted" | "declined" | "withdrawn">;
  decidedByUserId: string | null;
  decidedAt: string | null;
}

export interface Database {
  lessonReschedule: LessonRescheduleTable;
}

export interface Database {
  schoolSettings: SchoolSettingsTable;
  schoolReel: SchoolReelTable;
}

/**
 * Migration 0016: an accepted /today save, under the idempotency key its phone made: who sent it, for which lesson,
 * and the answer given (JSON), so the same save sent again gets that answer and writes nothing.
 */
export interface LessonRecordKeyTable {
  key: string;
  userId: string;
  lessonId: number;
  response: string;
  createdAt: Timestamp;
}

// Migration 0017: an instructor's weekly hours and time off (issue 27, docs/decisions/024). None: any time.
export interface InstructorWeeklyHoursTable {
  id: Generated<number>;
  instructorId: string;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  /** "HH:MM"; `toTime` may be "24:00". */
  fromTime: string;
  toTime: string;
}

/** Days off from `firstDay` to `lastDay`, both included (YYYY-MM-DD). */
export interface InstructorTimeOffTable {
  id: Generated<number>;
  instructorId: string;
  firstDay: string;
  lastDay: string;
  reason: Generated<string>;
  createdAt: Timestamp;
}

export interface Database {
  lessonRecordKey: LessonRecordKeyTable;
  instructorWeeklyHours: InstructorWeeklyHoursTable;
  instructorTimeOff: InstructorTimeOffTable;
}

// Migration 0018: levels, skills, the rating scale, assessments and level results (issue 28, docs/decisions/026).
export interface LevelTable {
  id: Generated<number>;
  position: number;
  name: string;
  nameEs: Generated<string>;
  description: Generated<string>;
  descriptionEs: Generated<string>;
  retiredAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface SkillTable {
  id: Generated<number>;
  name: string;
  nameEs: Generated<string>;
  description: Generated<string>;
  descriptionEs: Generated<string>;
  homeTip: Generated<string>;
  homeTipEs: Generated<string>;
  retiredAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface LevelSkillTable {
  levelId: number;
  skillId: number;
  position: number;
  /** 1: decides a pass; 0: shown and rated only. */
  required: Generated<number>;
}

export interface RatingScaleVersionTable {
  version: number;
  createdAt: Timestamp;
  createdByUserId: string | null;
}

export interface RatingScaleRatingTable {
  id: Generated<number>;
  scaleVersion: number;
  position: number;
  label: string;
  labelEs: Generated<string>;
  /** 1 on exactly one rating of each version. */
  mastered: Generated<number>;
}

/** Append-only: a correction is a newer row. */
export interface AssessmentTable {
  id: Generated<number>;
  swimmerId: string;
  skillId: number;
  ratingId: number;
  scaleVersion: number;
  lessonId: number | null;
  byUserId: string | null;
  at: Timestamp;
  note: Generated<string>;
}

export interface LevelResultTable {
  id: Generated<number>;
  swimmerId: string;
  levelId: number;
  passedAt: Timestamp;
  /** The report card as written when passed (domain/curriculum.ts ReportCard, JSON). */
  reportCard: string;
  certificateNumber: string | null;
  approvedAt: Timestamp | null;
  approvedByUserId: string | null;
  publishedAt: Timestamp | null;
  pdfStorageKey: string | null;
  shareTokenHash: string | null;
  shareRevokedAt: Timestamp | null;
}

export interface Database {
  level: LevelTable;
  skill: SkillTable;
  levelSkill: LevelSkillTable;
  ratingScaleVersion: RatingScaleVersionTable;
  ratingScaleRating: RatingScaleRatingTable;
  assessment: AssessmentTable;
  levelResult: LevelResultTable;
}

/**
 * The school's cancellation policy (migration 0021, docs/decisions/029): one row per version, never updated; the
 * highest version is in force. The fields are domain/policy.ts's CancellationPolicy.
 */
export interface CancellationPolicyTable {
  version: number;
  noticeHours: number;
  lateCancellation: "class-used" | "credit";
  reschedulesPerPackage: number;
  creditExpiryDays: number;
  creditsSharedBy: "household" | "swimmer";
  weatherNoticeHours: number;
  createdAt: Timestamp;
  createdByUserId: string | null;
}

export interface Database {
  cancellationPolicy: CancellationPolicyTable;
}

// Migration 0022: class credits (issue 29, docs/decisions/030), an append-only ledger owned by server/credits.
export interface CreditTable {
  id: Generated<number>;
  /** The household. */
  clientId: string;
  /** The one swimmer it is for; null: any swimmer of the household. */
  swimmerId: string | null;
  kind: "cancellation" | "school" | "weather" | "goodwill";
  reason: string;
  issuedAt: Timestamp;
  /** The last day it can be used, YYYY-MM-DD in the school's time zone. */
  expiresOn: string;
  issuedByUserId: string | null;
  /** When the week-before expiry mail was queued; null until then. */
  expiryNoticeQueuedAt: Timestamp | null;
}

/** How a credit ended: at most one row per credit (unique creditId); only ever inserted. */
export interface CreditEventTable {
  id: Generated<number>;
  creditId: number;
  kind: "redeemed" | "voided";
  at: Timestamp;
  byUserId: string | null;
  /** The lesson it paid for (redeemed). */
  lessonId: number | null;
  /** Why it was voided. */
  reason: Generated<string>;
}

export interface Database {
  credit: CreditTable;
  creditEvent: CreditEventTable;
}

/**
 * One change an owner or instructor made (migration 0027, docs/decisions/036). Only ever inserted: triggers refuse
 * an UPDATE or DELETE. No foreign key: it outlives the person and the row it names.
 */
export interface AuditEntryTable {
  id: Generated<number>;
  at: Timestamp;
  actorUserId: string | null;
  /** The person's name when they made the change. */
  actorName: string;
  actorRole: string;
  entityKind: string;
  entityId: string;
  action: string;
  householdId: string | null;
  /** JSON of the allow-listed values before and after; null where there is no before (created) or after. */
  before: string | null;
  after: string | null;
}

export interface Database {
  auditEntry: AuditEntryTable;
}

/** The payments ledger (migration 0028, docs/decisions/038): one row per paid period, never rewritten. */
export interface PaymentTable {
  id: Generated<number>;
  planId: number;
  /** The household that paid (its id is its first guardian's client id). */
  clientId: string;
  kind: "purchase" | "renewal";
  packType: string;
  classes: number;
  /** The pack's price when it was paid, in whole units of `currency` (as the catalogue keeps prices). */
  amount: number;
  currency: string;
  /** The start of the period paid for: the purchase, or the renewal's period start. */
  paidAt: Timestamp;
  /** "local" or "stripe"; null for plans from before payments existed. */
  provider: string | null;
  /** Stripe's invoice id, or its subscription id where the invoice is not known; null for the local checkout. */
  providerReference: string | null;
  createdAt: Timestamp;
}

export interface Database {
  payment: PaymentTable;
}

/**
 * The words a short search reads, in B-trees (migration 0029, docs/decisions/043): a household's name words
 * (`family` 0: its client row's first and last names; 1: its other members', familyNamesSearch) and a booking's
 * title words, each as domain/search.ts wordsOf splits the folded text. Written with the names and titles.
 */
export interface NameWordTable {
  family: 0 | 1;
  word: string;
  clientId: string;
}

export interface TitleWordTable {
  word: string;
  bookingId: number;
}

export interface Database {
  nameWord: NameWordTable;
  titleWord: TitleWordTable;
}
