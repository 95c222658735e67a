import { createHash, randomBytes } from "node:crypto";
import { type Insertable, sql } from "kysely";
import { amountToPay, type BookingStatus, bookingTitle } from "../../src/domain/bookings.ts";
import { type Assessment, activeLevels, linksOf, reportCardOf } from "../../src/domain/curriculum.ts";
import { normalizeEmail } from "../../src/domain/fields.ts";
import { allPermissions, type GuardianPermissions } from "../../src/domain/households.ts";
import type { Locale } from "../../src/domain/locale.ts";
import type { GalleryMediaType } from "../../src/domain/media.ts";
import { packOf } from "../../src/domain/pack-catalogue.ts";
import type { PackType } from "../../src/domain/packs.ts";
import { searchKey } from "../../src/domain/search.ts";
import type { Attendance } from "../../src/domain/today.ts";
import type { Auth } from "../../src/server/auth/auth.ts";
import { curriculumOf, readScales } from "../../src/server/curriculum/service.ts";
import type { Db } from "../../src/server/db/database.ts";
import {
  nameWordRows,
  titleWordRows,
  writeNameWords,
  writeTitleWords,
} from "../../src/server/db/name-words.ts";
import { isPostgres } from "../../src/server/db/portable.ts";
import type { Database, NewsletterStatus } from "../../src/server/db/schema.ts";
import { familyNamesSearchOf, refreshFamilyNames } from "../../src/server/households/service.ts";
import { mediaKeysOf } from "../../src/server/media/keys.ts";

/**
 * Test and demo data, written straight into the tables (no route, no rule checked) the way the services write
 * them: a client is a better-auth user with a credential account and a client row; a plan is what a paid checkout
 * leaves; a booking has one lesson row per date, its title, class count, first date and amount derived from them.
 * The search-index rows follow from the database's triggers (migration 0009). One at a time (`createClient`,
 * `createPlan`, `createBooking`) for the API tests and the fuzzer, or in bulk (`seed`) for `npm run seed`, the
 * bench and the soak. factories.test.ts holds these rows against the ones the real routes write, column by column.
 * Plans and bookings are written here, not through their features' repositories, so that test data does not
 * depend on where a feature keeps its queries.
 */

type Row<T extends keyof Database> = Insertable<Database[T]>;

/** Unless told otherwise, rows were written at this moment (the test clocks stand in March 2026). */
export const defaultTime = "2026-01-01T00:00:00.000Z";

// Tells this process's ids and addresses from another's (a second `npm run seed`, a second test file).
const run = randomBytes(4).toString("hex");
let counter = 0;
const unique = () => `${run}${(counter++).toString(36)}`;

const hashes = new Map<string, Promise<string>>();

/**
 * better-auth's hash of `password`, made once per password and reused for every account that has it: scrypt is
 * slow on purpose, and a salted hash signs in whichever account holds it.
 */
export function passwordHashOf(auth: Auth, password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = auth.$context.then((context) => context.password.hash(password));
    hashes.set(password, hash);
  }
  return hash;
}

// Clients.

export interface NewClient {
  /** Default: a new unique id (the user's and the client's). */
  id?: string;
  firstName?: string;
  lastName?: string;
  /** Stored normalised, as the registration form's schema does. Default: a new unique address. */
  email?: string;
  phoneNumber?: string;
  /** The package the admin chose for the client; default "4_60". */
  defaultPackType?: PackType | null;
  /** better-auth's hash of the client's password (passwordHashOf). */
  passwordHash: string;
  /** Default false: the client has chosen their own password. An admin's registration leaves it true. */
  mustChangePassword?: boolean;
  /**
   * The language the person chose (PUT /api/session/locale). Unset: the column's default, English, as for a client
   * an admin registers; and no `locale` in the row at all, so the rows also fit a database from before migration
   * 0010 (the migration tests fill one).
   */
  locale?: Locale;
  createdAt?: string;
}

export interface ClientRows {
  user: Row<"user">;
  account: Row<"account">;
  client: Row<"client">;
  guardian: Row<"guardian">;
  swimmer: Row<"swimmer">;
}

/**
 * The rows of registerClient (auth: insertPasswordLogin, clients: insertClientRow, households: insertFirstMembers): the
 * household, its first guardian and its only swimmer, all three the registered person (docs/decisions/019).
 */
export function clientRows(input: NewClient): ClientRows {
  const id = input.id ?? `client${unique()}`;
  const firstName = input.firstName ?? "Test";
  const lastName = input.lastName ?? "Client";
  const email = normalizeEmail(input.email ?? `${id}@example.com`);
  const at = input.createdAt ?? defaultTime;
  return {
    user: {
      id,
      name: `${firstName} ${lastName}`,
      email,
      emailVerified: 0,
      image: null,
      createdAt: at,
      updatedAt: at,
      role: "user",
      banned: 0,
      banReason: null,
      banExpires: null,
      mustChangePassword: input.mustChangePassword ? 1 : 0,
      ...(input.locale ? { locale: input.locale } : {}),
    },
    account: {
      id: `${id}a`,
      accountId: id,
      providerId: "credential",
      userId: id,
      // Its token columns stay null, as better-auth leaves them for a password account.
      password: input.passwordHash,
      createdAt: at,
      updatedAt: at,
    },
    client: {
      id,
      firstName,
      lastName,
      email,
      phoneNumber: input.phoneNumber ?? "5550100",
      createdAt: at,
      role: "client",
      defaultPackType: input.defaultPackType === undefined ? "4_60" : input.defaultPackType,
      firstNameSearch: searchKey(firstName),
      lastNameSearch: searchKey(lastName),
    },
    guardian: {
      userId: id,
      clientId: id,
      canBook: 1,
      canPay: 1,
      canSeeProgress: 1,
      getsMail: 1,
      createdAt: at,
    },
    swimmer: {
      id,
      clientId: id,
      firstName,
      lastName,
      birthDate: null,
      notes: "",
      photoPermission: 1,
      userId: id,
      createdAt: at,
    },
  };
}

export interface CreatedClient {
  id: string;
  email: string;
}

/**
 * An instructor's login (docs/decisions/021: the stored role "instructor"), as the owner's Instructors page writes
 * it; default: one who has already chosen their own password.
 */
export async function createInstructorAccount(
  db: Db,
  input: { id?: string; name?: string; email?: string; passwordHash: string; mustChangePassword?: boolean },
): Promise<CreatedClient> {
  const id = input.id ?? `instructor${unique()}`;
  const rows = clientRows({
    id,
    firstName: input.name ?? "Ivy",
    lastName: input.name ? "" : "Instructor",
    email: input.email,
    passwordHash: input.passwordHash,
    mustChangePassword: input.mustChangePassword,
  });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("user")
      .values({ ...rows.user, name: input.name ?? rows.user.name, role: "instructor" })
      .execute();
    await trx.insertInto("account").values(rows.account).execute();
  });
  return { id, email: rows.user.email };
}

export async function createClient(db: Db, input: NewClient): Promise<CreatedClient> {
  const rows = clientRows(input);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("user").values(rows.user).execute();
    await trx.insertInto("account").values(rows.account).execute();
    await trx.insertInto("client").values(rows.client).execute();
    await writeNameWords(trx, rows.client.id);
    await trx.insertInto("guardian").values(rows.guardian).execute();
    await trx.insertInto("swimmer").values(rows.swimmer).execute();
  });
  return { id: rows.client.id, email: rows.client.email };
}

export interface NewGuardian {
  /** The household. */
  clientId: string;
  /** Default: a new unique id. */
  id?: string;
  name?: string;
  /** Default: a new unique address. */
  email?: string;
  passwordHash: string;
  /** What they may do there; unset ones are allowed. */
  permissions?: Partial<GuardianPermissions>;
  locale?: Locale;
  createdAt?: string;
}

/**
 * A second guardian of a household: a login of their own and a guardian row with their permissions (what an
 * accepted invitation leaves; docs/decisions/019).
 */
export function guardianRows(input: NewGuardian): Pick<ClientRows, "user" | "account" | "guardian"> {
  const id = input.id ?? `guardian${unique()}`;
  const [firstName = "Second", ...rest] = (input.name ?? "Second Guardian").split(" ");
  const rows = clientRows({
    id,
    firstName,
    lastName: rest.join(" ") || "Guardian",
    email: input.email,
    passwordHash: input.passwordHash,
    locale: input.locale,
    createdAt: input.createdAt,
  });
  const allowed = { ...allPermissions, ...input.permissions };
  return {
    user: rows.user,
    account: rows.account,
    guardian: {
      ...rows.guardian,
      clientId: input.clientId,
      canBook: allowed.book ? 1 : 0,
      canPay: allowed.pay ? 1 : 0,
      canSeeProgress: allowed.progress ? 1 : 0,
      getsMail: allowed.mail ? 1 : 0,
    },
  };
}

export async function addGuardian(db: Db, input: NewGuardian): Promise<CreatedClient> {
  const rows = guardianRows(input);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("user").values(rows.user).execute();
    await trx.insertInto("account").values(rows.account).execute();
    await trx.insertInto("guardian").values(rows.guardian).execute();
    // The clients search finds the family by this guardian's name too (migration 0013).
    await refreshFamilyNames(trx, input.clientId);
  });
  return { id: rows.user.id, email: rows.user.email };
}

export interface NewSwimmer {
  clientId: string;
  /** Default: a new unique id. */
  id?: string;
  firstName: string;
  lastName?: string;
  birthDate?: string | null;
  notes?: string;
  photoPermission?: boolean;
  /** Unset: now, after the household's first swimmer (made with the household, at a test clock's time). */
  createdAt?: string;
}

/** Another swimmer of a household (a child), as the admin's family forms add one. */
export function swimmerRow(input: NewSwimmer): Row<"swimmer"> {
  return {
    id: input.id ?? `swimmer${unique()}`,
    clientId: input.clientId,
    firstName: input.firstName,
    lastName: input.lastName ?? "Swimmer",
    birthDate: input.birthDate ?? null,
    notes: input.notes ?? "",
    photoPermission: input.photoPermission === false ? 0 : 1,
    userId: null,
    createdAt: input.createdAt ?? new Date().toISOString(),
  };
}

/** Returns the new swimmer's id. */
export async function addSwimmer(db: Db, input: NewSwimmer): Promise<string> {
  const row = swimmerRow(input);
  await db.insertInto("swimmer").values(row).execute();
  return row.id;
}

/** An account's chosen language, as PUT /api/session/locale stores it (an admin made by ensureAdmin, say). */
export async function setAccountLocale(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.updateTable("user").set({ locale }).where("id", "=", userId).execute();
}

// Plans.

export interface NewPlan {
  clientId: string;
  /** Default "8_60". */
  packType?: PackType;
  /** Default: the pack's classes. */
  totalClasses?: number;
  /** Default true. A client has at most one active plan (a unique index). */
  isActive?: boolean;
  /** Default: a new one, as the local checkout names them; null for a plan from before payments. */
  subscriptionId?: string | null;
  /** Default "local"; null for a plan from before payments. */
  provider?: "local" | "stripe" | null;
  /** The purchase. */
  createdAt?: string;
  /** Start of the paid period its classes count in. Default: the purchase. */
  periodStartedAt?: string | null;
  /** Default: null while active, else the purchase (ended at once). */
  endedAt?: string | null;
}

/** The row of a paid checkout (subscriptions: insertActivePlan), ended as endPlan ends one when not active. */
export function planRow(input: NewPlan): Row<"subscriptionPlan"> {
  const packType = input.packType ?? "8_60";
  const isActive = input.isActive ?? true;
  const createdAt = input.createdAt ?? defaultTime;
  return {
    clientId: input.clientId,
    isActive: isActive ? 1 : 0,
    totalClasses: input.totalClasses ?? packOf(packType).classes,
    // Not read: used classes are derived from booked dates (docs/decisions/005).
    usedClasses: 0,
    packType,
    subscriptionId: input.subscriptionId === undefined ? `local_sub_${unique()}` : input.subscriptionId,
    provider: input.provider === undefined ? "local" : input.provider,
    periodStartedAt: input.periodStartedAt === undefined ? createdAt : input.periodStartedAt,
    endedAt: input.endedAt === undefined ? (isActive ? null : createdAt) : input.endedAt,
    createdAt,
  };
}

/**
 * The ledger's rows for a plan as its payments left them (payments: recordPayment, docs/decisions/038): the
 * purchase at its creation, and a renewal at its period's start when that is later (earlier renewals are not
 * known from a plan row; add them with `paymentRow`).
 */
export function paymentRowsOf(plan: Row<"subscriptionPlan"> & { id: number }): Row<"payment">[] {
  const createdAt = plan.createdAt as string;
  const periodStartedAt = plan.periodStartedAt ?? null;
  return [
    paymentRow(plan, "purchase", createdAt),
    ...(periodStartedAt && periodStartedAt > createdAt ? [paymentRow(plan, "renewal", periodStartedAt)] : []),
  ];
}

export function paymentRow(
  plan: Pick<Row<"subscriptionPlan">, "clientId" | "packType" | "provider" | "subscriptionId"> & {
    id: number;
  },
  kind: "purchase" | "renewal",
  paidAt: string,
): Row<"payment"> {
  const pack = packOf(plan.packType as PackType);
  const provider = plan.provider ?? null;
  return {
    planId: plan.id,
    clientId: plan.clientId,
    kind,
    packType: plan.packType,
    classes: pack.classes,
    amount: pack.price,
    currency: "USD",
    paidAt,
    provider,
    providerReference: provider === "stripe" ? (plan.subscriptionId ?? null) : null,
    createdAt: paidAt,
  };
}

/** A plan and, where the database has the ledger (migration 0028), its payments. */
export async function createPlan(db: Db, input: NewPlan): Promise<number> {
  const row = planRow(input);
  const { id } = await db
    .insertInto("subscriptionPlan")
    .values(row)
    .returning("id")
    .executeTakeFirstOrThrow();
  if (await hasTable(db, "payment")) {
    await db
      .insertInto("payment")
      .values(paymentRowsOf({ ...row, id }))
      .execute();
  }
  return id;
}

// Bookings.

/** A booked date, with what happened to it since. */
export interface NewLesson {
  /** YYYY-MM-DD; each date once per client (a unique index). */
  date: string;
  /** The instructor's feedback for the household's first swimmer (who has the household's id). */
  feedback?: string;
  /** The household's first swimmer's attendance (migration 0016); unset: not recorded. */
  attendance?: Attendance;
  /** Who swims in it, each with their feedback and attendance; unset: the household's first swimmer. */
  swimmers?: readonly { id: string; feedback?: string; attendance?: Attendance }[];
  /** When it was cancelled by the school, the class counted as used (migration 0023); unset: it stands. */
  cancelledAt?: string;
  /** When its day-before reminder was queued; unset: not yet. */
  reminderQueuedAt?: string;
  /** "HH:MM" (migration 0015); unset: time to be set. */
  startTime?: string;
  /** Who teaches it (a staff user's id; migration 0015); unset: nobody set. */
  instructorId?: string;
  /** The cancellation policy's version it was booked under (migration 0021); unset: the version in force. */
  policyVersion?: number;
}

export interface NewBooking {
  clientId: string;
  /** Its dates: a date alone, or with its feedback and reminder. */
  dates: readonly (string | NewLesson)[];
  /**
   * The plan it books. Unset: a pending booking takes the client's active plan (made when there is none), a
   * cancelled one a new ended plan (a booking is cancelled when its plan ends).
   */
  planId?: number;
  /** Default "pending"; "cancelled" once its plan ended. */
  status?: BookingStatus;
  /** When it was saved; also the moment its feedback was written. */
  createdAt?: string;
  /** Columns as no save would write them (an import from the old back end, say), over the derived ones. */
  row?: Partial<Pick<Row<"booking">, "title" | "firstDate" | "subscriptionId">>;
}

const byDate = (a: NewLesson, b: NewLesson) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/** What a booking takes from its plan. */
type BookedPlan = { id: number; subscriptionId: string | null; endedAt: string | null };

/** The booking's dates as lessons, earliest first. */
const lessonsOf = (input: Pick<NewBooking, "dates">): NewLesson[] =>
  input.dates.map((date) => (typeof date === "string" ? { date } : date)).sort(byDate);

/**
 * A booking's row as a save leaves it (bookings: insertBooking, then refreshBookingTotals from its lessons). The
 * rows here are object literals of one shape each: the bulk path builds hundreds of thousands.
 */
export function bookingRow(
  input: Omit<NewBooking, "planId">,
  lessons: readonly NewLesson[],
  plan: BookedPlan,
): Row<"booking"> {
  const at = input.createdAt ?? defaultTime;
  const status = input.status ?? "pending";
  const row: Row<"booking"> = {
    clientId: input.clientId,
    planId: plan.id,
    subscriptionId: plan.subscriptionId,
    title: bookingTitle(lessons.length),
    status,
    paid: 1,
    classCount: lessons.length,
    amountToPay: amountToPay(lessons.length),
    firstDate: lessons[0]?.date ?? null,
    createdAt: at,
    // Ending a plan cancels its bookings (subscriptions: endPlan): that was their last change.
    updatedAt: status === "cancelled" && plan.endedAt ? plan.endedAt : at,
  };
  return input.row ? Object.assign(row, input.row) : row;
}

/** One lesson row per date (bookings: insertLessons; the reminders since). */
export function lessonRows(
  input: Omit<NewBooking, "planId">,
  lessons: readonly NewLesson[],
  planId: number,
  bookingId: number,
  /** The version in force (policyVersionInForce); null on a database from before migration 0021. */
  policyVersion: number | null,
): Row<"lesson">[] {
  return lessons.map(
    (lesson) =>
      ({
        bookingId,
        clientId: input.clientId,
        planId,
        date: lesson.date,
        reminderQueuedAt: lesson.reminderQueuedAt ?? null,
        // Only when set: the rows also fit a database from before migration 0015 (0021 for the policy).
        ...(lesson.startTime ? { startTime: lesson.startTime } : {}),
        ...(lesson.instructorId ? { instructorId: lesson.instructorId } : {}),
        ...(policyVersion === null ? {} : { policyVersion: lesson.policyVersion ?? policyVersion }),
        ...(lesson.cancelledAt
          ? {
              cancelledAt: lesson.cancelledAt,
              cancellationReason: "school",
              cancellationOutcome: "class-used",
            }
          : {}),
      }) as Row<"lesson">,
  );
}

/** Whether the database has migrated this far: seeds also fill a database as an older release left it. */
async function hasTable(db: Db, name: string): Promise<boolean> {
  const table = isPostgres(db)
    ? sql<{ found: string | null }>`select to_regclass(${`"${name}"`})::text as "found"`
    : sql<{ found: string | null }>`select "name" as "found" from sqlite_master
        where "type" = 'table' and "name" = ${name}`;
  return Boolean((await table.execute(db)).rows[0]?.found);
}

/**
 * The cancellation policy's version a lesson booked now gets (bookings: insertLessons), or null on a database from
 * before migration 0021 (the migration tests fill those with these factories).
 */
async function policyVersionInForce(trx: Db): Promise<number | null> {
  if (!(await hasTable(trx, "cancellationPolicy"))) return null;
  const row = await trx
    .selectFrom("cancellationPolicy")
    .select((eb) => eb.fn.max("version").as("version"))
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/** A lesson's swimmers (bookings: insertLessons), each with their feedback (setLessonFeedback). */
export function lessonSwimmerRows(
  input: Omit<NewBooking, "planId">,
  lesson: NewLesson,
  lessonId: number,
): Row<"lessonSwimmer">[] {
  const swimmers = lesson.swimmers ?? [
    { id: input.clientId, feedback: lesson.feedback, attendance: lesson.attendance },
  ];
  return swimmers.map((swimmer) => ({
    lessonId,
    swimmerId: swimmer.id,
    feedback: swimmer.feedback ?? null,
    feedbackUpdatedAt: swimmer.feedback === undefined ? null : (input.createdAt ?? defaultTime),
    // Only when set: the rows also fit a database from before migration 0016.
    ...(swimmer.attendance
      ? { attendance: swimmer.attendance, attendanceUpdatedAt: input.createdAt ?? defaultTime }
      : {}),
  }));
}

export interface CreatedBooking {
  bookingId: number;
  planId: number;
  /** Lesson id by date. */
  lessonIds: Record<string, number>;
}

export async function createBooking(db: Db, input: NewBooking): Promise<CreatedBooking> {
  const status = input.status ?? "pending";
  const planId = input.planId ?? (await planFor(db, input.clientId, status));
  return db.transaction().execute(async (trx) => {
    const plan = await trx
      .selectFrom("subscriptionPlan")
      .select(["id", "subscriptionId", "endedAt"])
      .where("id", "=", planId)
      .executeTakeFirstOrThrow();
    const lessons = lessonsOf(input);
    const row = bookingRow(input, lessons, plan);
    const { id: bookingId } = await trx
      .insertInto("booking")
      .values(row)
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeTitleWords(trx, bookingId, row.title);
    const lessonIds: Record<string, number> = {};
    if (lessons.length > 0) {
      const written = await trx
        .insertInto("lesson")
        .values(lessonRows(input, lessons, plan.id, bookingId, await policyVersionInForce(trx)))
        .returning(["id", "date"])
        .execute();
      for (const lesson of written) lessonIds[lesson.date] = lesson.id;
      await trx
        .insertInto("lessonSwimmer")
        .values(
          lessons.flatMap((lesson) => lessonSwimmerRows(input, lesson, lessonIds[lesson.date] as number)),
        )
        .execute();
    }
    return { bookingId, planId, lessonIds };
  });
}

async function planFor(db: Db, clientId: string, status: BookingStatus): Promise<number> {
  if (status === "cancelled") return createPlan(db, { clientId, isActive: false });
  const active = await db
    .selectFrom("subscriptionPlan")
    .select("id")
    .where("clientId", "=", clientId)
    .where("isActive", "=", 1)
    .executeTakeFirst();
  return active?.id ?? createPlan(db, { clientId });
}

// Milestones and the gallery.

export interface NewMilestone {
  clientId: string;
  /** Default: the household's first swimmer (who has its id). */
  swimmerId?: string;
  /** Default: a new unique id. */
  id?: string;
  /** The upload. Default: defaultTime. */
  timestamp?: string;
  /** The upload's day in school time. Default: the timestamp's UTC day. */
  date?: string;
}

/** The row of an uploaded milestone (media: insertMilestone); its files are not written here. */
export function milestoneRow(input: NewMilestone): Row<"milestone"> {
  const id = input.id ?? `m${unique()}`;
  const timestamp = input.timestamp ?? defaultTime;
  return {
    id,
    clientId: input.clientId,
    swimmerId: input.swimmerId ?? input.clientId,
    timestamp,
    date: input.date ?? timestamp.slice(0, 10),
    ...mediaKeysOf(input.clientId, id),
  };
}

export interface NewGalleryItem {
  clientId: string;
  /** Default: the household's first swimmer (who has its id). */
  swimmerId?: string;
  /** Default "image". */
  mediaType?: GalleryMediaType;
  /** The day the admin chose (YYYY-MM-DD). */
  date: string;
  id?: string;
  uploadedAt?: string;
  /** A video's link. Default: a made-up one. */
  videoLink?: string;
  /** The lesson it was taken in (/today, migration 0016); unset: uploaded from the gallery page. */
  lessonId?: number;
}

/** The row of a gallery upload (media: insertGalleryItem): an image's file keys, or a video's link. */
export function galleryItemRow(input: NewGalleryItem): Row<"galleryItem"> {
  const id = input.id ?? `g${unique()}`;
  const mediaType = input.mediaType ?? "image";
  const files = mediaType === "image" ? mediaKeysOf(input.clientId, id) : null;
  return {
    id,
    clientId: input.clientId,
    swimmerId: input.swimmerId ?? input.clientId,
    mediaType,
    date: input.date,
    uploadedAt: input.uploadedAt ?? defaultTime,
    imageKey: files?.imageKey ?? null,
    thumbnailKey: files?.thumbnailKey ?? null,
    videoLink: mediaType === "video" ? (input.videoLink ?? `https://video.example/watch/${id}`) : null,
    // Only when set: the rows also fit a database from before migration 0016.
    ...(input.lessonId === undefined ? {} : { lessonId: input.lessonId }),
  };
}

// Newsletter subscribers.

export interface NewSubscriber {
  /** Default: a new unique address. */
  email?: string;
  /** Default "confirmed". */
  status?: NewsletterStatus;
  /** The language of the page signed up on. Unset: the column's default (English), and no `locale` in the row. */
  locale?: Locale;
  /** The sign-up. Default: defaultTime. */
  createdAt?: string;
}

/**
 * A subscriber as the newsletter leaves it: pending (a confirmation mailed, its token hashed), confirmed (the link
 * opened, the token cleared) or unsubscribed.
 */
export function subscriberRow(input: NewSubscriber): Row<"newsletterSubscriber"> {
  const status = input.status ?? "confirmed";
  const at = input.createdAt ?? defaultTime;
  const pending = status === "pending";
  return {
    email: normalizeEmail(input.email ?? `reader${unique()}@example.com`),
    status,
    confirmTokenHash: pending ? createHash("sha256").update(unique()).digest("hex") : null,
    confirmTokenExpiresAt: pending ? new Date(Date.parse(at) + 7 * 86_400_000).toISOString() : null,
    confirmationSentAt: at,
    confirmedAt: status === "pending" ? null : at,
    unsubscribedAt: status === "unsubscribed" ? at : null,
    createdAt: at,
    ...(input.locale ? { locale: input.locale } : {}),
  };
}

/**
 * A mail the outbox gave up on (five attempts, the last refused by the server): what the overview's "mail that
 * failed" lists. `nextAttemptAt` orders the list.
 */
export async function addFailedMail(
  db: Db,
  input: { toAddress: string; nextAttemptAt: string; createdAt?: string },
): Promise<void> {
  await db
    .insertInto("mailOutbox")
    .values({
      toAddress: input.toAddress,
      replyTo: null,
      subject: "Your class tomorrow",
      body: "…",
      redactedBody: null,
      status: "failed",
      attempts: 5,
      lastError: "550 no such user",
      nextAttemptAt: input.nextAttemptAt,
      leasedUntil: null,
      sentAt: null,
      createdAt: input.createdAt ?? "2026-03-17T09:00:00.000Z",
    })
    .execute();
}

// In bulk.

/** A booking of `seed`: its plan is one of the same call's. */
export type SeedBooking = Omit<NewBooking, "planId"> & { plan: NewPlan };

export interface SeedData {
  clients?: readonly NewClient[];
  /** More swimmers of the clients' households (children), and second guardians. */
  swimmers?: readonly NewSwimmer[];
  guardians?: readonly NewGuardian[];
  plans?: readonly NewPlan[];
  bookings?: readonly SeedBooking[];
  milestones?: readonly NewMilestone[];
  galleryItems?: readonly NewGalleryItem[];
  subscribers?: readonly NewSubscriber[];
}

/**
 * The same rows as the factories above, many at once: multi-row INSERTs in one transaction, ids given here (the
 * lessons name their booking), so that 100,000 clients and bookings take seconds. It only adds beside what is there.
 */
export async function seed(
  db: Db,
  data: SeedData,
): Promise<{
  clients: number;
  swimmers: number;
  guardians: number;
  plans: number;
  bookings: number;
  lessons: number;
  milestones: number;
  galleryItems: number;
  subscribers: number;
}> {
  return db.transaction().execute(async (trx) => {
    const users: Row<"user">[] = [];
    const accounts: Row<"account">[] = [];
    const clients: Row<"client">[] = [];
    const guardians: Row<"guardian">[] = [];
    const swimmers: Row<"swimmer">[] = [];
    // A family's other members' names, for the clients search (households: refreshFamilyNames, migration 0013).
    const familyNames = new Map<string, string[]>();
    const addNames = (clientId: string, ...names: string[]) =>
      familyNames.set(clientId, [...(familyNames.get(clientId) ?? []), ...names]);
    for (const swimmer of data.swimmers ?? [])
      addNames(swimmer.clientId, swimmer.firstName, swimmer.lastName ?? "Swimmer");
    for (const guardian of data.guardians ?? [])
      addNames(guardian.clientId, guardian.name ?? "Second Guardian");
    for (const input of data.clients ?? []) {
      const rows = clientRows(input);
      users.push(rows.user);
      accounts.push(rows.account);
      // Set on every row or none: a multi-row insert writes NULL where a row lacks a column.
      clients.push(
        familyNames.size > 0
          ? { ...rows.client, familyNamesSearch: familyNamesSearchOf(familyNames.get(rows.client.id) ?? []) }
          : rows.client,
      );
      guardians.push(rows.guardian);
      swimmers.push(rows.swimmer);
    }
    // Each table is written as soon as its rows are built: fewer rows held at once, less for the collector.
    await insertInChunks(trx, "user", users);
    await insertInChunks(trx, "account", accounts);
    await insertInChunks(trx, "client", clients);
    // The search's word tables (migration 0029), as the app writes them with each name and title.
    const words = await hasTable(trx, "nameWord");
    if (words)
      await insertInChunks(
        trx,
        "nameWord",
        clients.flatMap((client) => nameWordRows({ familyNamesSearch: "", ...client })),
      );
    const secondGuardians = (data.guardians ?? []).map(guardianRows);
    await insertInChunks(
      trx,
      "user",
      secondGuardians.map((rows) => rows.user),
    );
    await insertInChunks(
      trx,
      "account",
      secondGuardians.map((rows) => rows.account),
    );
    for (const rows of secondGuardians) guardians.push(rows.guardian);
    for (const input of data.swimmers ?? []) swimmers.push(swimmerRow(input));
    await insertInChunks(trx, "guardian", guardians);
    await insertInChunks(trx, "swimmer", swimmers);

    let planId = await nextId(trx, "subscriptionPlan");
    const plans: Row<"subscriptionPlan">[] = [];
    const planOf = new Map<NewPlan, BookedPlan>();
    for (const input of data.plans ?? []) {
      const row = planRow(input);
      row.id = planId++;
      plans.push(row);
      planOf.set(input, {
        id: row.id,
        subscriptionId: row.subscriptionId ?? null,
        endedAt: row.endedAt ?? null,
      });
    }
    await insertInChunks(trx, "subscriptionPlan", plans);
    if (await hasTable(trx, "payment")) {
      await insertInChunks(
        trx,
        "payment",
        plans.flatMap((plan) => paymentRowsOf(plan as Row<"subscriptionPlan"> & { id: number })),
      );
    }

    let bookingId = await nextId(trx, "booking");
    let lessonId = await nextId(trx, "lesson");
    const policyVersion = await policyVersionInForce(trx);
    const bookings: Row<"booking">[] = [];
    const lessons: Row<"lesson">[] = [];
    const lessonSwimmers: Row<"lessonSwimmer">[] = [];
    for (const input of data.bookings ?? []) {
      const plan = planOf.get(input.plan);
      if (!plan) throw new Error("seed: a booking's plan must be one of the plans seeded with it");
      const dates = lessonsOf(input);
      const row = bookingRow(input, dates, plan);
      row.id = bookingId++;
      bookings.push(row);
      lessonRows(input, dates, plan.id, row.id, policyVersion).forEach((lesson, index) => {
        lesson.id = lessonId++;
        lessons.push(lesson);
        lessonSwimmers.push(...lessonSwimmerRows(input, dates[index] as NewLesson, lesson.id));
      });
    }

    await insertInChunks(trx, "booking", bookings);
    if (words)
      await insertInChunks(
        trx,
        "titleWord",
        bookings.flatMap((booking) => titleWordRows({ id: booking.id as number, title: booking.title })),
      );
    await insertInChunks(trx, "lesson", lessons);
    await insertInChunks(trx, "lessonSwimmer", lessonSwimmers);
    const milestones = (data.milestones ?? []).map(milestoneRow);
    const galleryItems = (data.galleryItems ?? []).map(galleryItemRow);
    const subscribers = (data.subscribers ?? []).map(subscriberRow);
    await insertInChunks(trx, "milestone", milestones);
    await insertInChunks(trx, "galleryItem", galleryItems);
    await insertInChunks(trx, "newsletterSubscriber", subscribers);
    if (isPostgres(trx)) {
      // Explicit ids do not move PostgreSQL's identity sequences: move them past the rows written here.
      for (const table of ["subscriptionPlan", "booking", "lesson"]) {
        await sql`select setval(pg_get_serial_sequence(${`"${table}"`}, 'id'), (select max("id") from ${sql.table(table)}))`.execute(
          trx,
        );
      }
      // Table statistics now, not at autovacuum's next round: the planner then reads the new rows by their indexes.
      await sql`analyze`.execute(trx);
      // Rows written in bulk wait in the GIN indexes' pending lists, which every search reads until a vacuum merges them.
      await sql`select gin_clean_pending_list(index.indexrelid::regclass)
        from pg_index as index join pg_class on pg_class.oid = index.indexrelid join pg_am on pg_am.oid = pg_class.relam
        where pg_am.amname = 'gin' and pg_class.relnamespace = current_schema()::regnamespace`.execute(trx);
    }
    return {
      clients: clients.length,
      swimmers: data.swimmers?.length ?? 0,
      guardians: data.guardians?.length ?? 0,
      plans: plans.length,
      bookings: bookings.length,
      lessons: lessons.length,
      milestones: milestones.length,
      galleryItems: galleryItems.length,
      subscribers: subscribers.length,
    };
  });
}

async function insertInChunks<T extends keyof Database>(trx: Db, table: T, rows: Row<T>[]): Promise<void> {
  // 500 rows of up to 15 columns stay under both engines' limit on bound parameters.
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + 500) as never)
      .execute();
  }
}

async function nextId(trx: Db, table: "subscriptionPlan" | "booking" | "lesson"): Promise<number> {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

// Assessments and level results (issue 28, docs/decisions/026).

export interface NewAssessment {
  swimmerId: string;
  skillId: number;
  ratingId: number;
  scaleVersion: number;
  lessonId?: number | null;
  byUserId?: string | null;
  at?: string;
  note?: string;
}

/** An assessment as the curriculum feature appends it (appendAssessment): never updated afterwards. */
export function assessmentRow(input: NewAssessment): Row<"assessment"> {
  return {
    swimmerId: input.swimmerId,
    skillId: input.skillId,
    ratingId: input.ratingId,
    scaleVersion: input.scaleVersion,
    lessonId: input.lessonId ?? null,
    byUserId: input.byUserId ?? null,
    at: input.at ?? defaultTime,
    note: input.note ?? "",
  };
}

export interface NewLevelResult {
  swimmerId: string;
  levelId: number;
  passedAt: string;
  /** domain/curriculum.ts ReportCard, as written when passed. */
  reportCard: unknown;
  certificateNumber?: string | null;
  /** Approved and published then (a result from before approval was asked, say); unset: a draft. */
  publishedAt?: string | null;
}

export function levelResultRow(input: NewLevelResult): Row<"levelResult"> {
  return {
    swimmerId: input.swimmerId,
    levelId: input.levelId,
    passedAt: input.passedAt,
    reportCard: JSON.stringify(input.reportCard),
    certificateNumber: input.certificateNumber ?? null,
    approvedAt: input.publishedAt ?? null,
    approvedByUserId: null,
    publishedAt: input.publishedAt ?? null,
    pdfStorageKey: null,
    shareTokenHash: null,
    shareRevokedAt: null,
  };
}

/** Many assessments and level results at once, in one transaction (`npm run seed`'s progress). */
export async function seedProgress(
  db: Db,
  data: { assessments: readonly NewAssessment[]; levelResults: readonly NewLevelResult[] },
): Promise<{ assessments: number; levelResults: number }> {
  return db.transaction().execute(async (trx) => {
    await insertInChunks(trx, "assessment", data.assessments.map(assessmentRow));
    await insertInChunks(trx, "levelResult", data.levelResults.map(levelResultRow));
    return { assessments: data.assessments.length, levelResults: data.levelResults.length };
  });
}

export interface PassedLevel {
  swimmerId: string;
  /** Default: the first active level of the curriculum. */
  levelId?: number;
  /** Who rated the skills (the instructor named on the certificate). */
  byUserId?: string | null;
  lessonId?: number | null;
  at?: string;
  /** A comment on every rating, as an instructor's note. */
  note?: string;
  certificateNumber?: string | null;
  /** Set: already published then; unset: a draft waiting for the owner. */
  publishedAt?: string | null;
}

/**
 * A swimmer passing a level as /today leaves it: a "mastered" assessment of each of the level's skills (current
 * scale), then the level result with its report card written from them (reportCardOf). Returns the result's id.
 */
export async function addPassedLevel(db: Db, input: PassedLevel): Promise<number> {
  const [curriculum, scales] = await Promise.all([curriculumOf(db), readScales(db)]);
  const levelId = input.levelId ?? activeLevels(curriculum)[0]?.id;
  if (levelId === undefined) throw new Error("no active level");
  const mastered = curriculum.scale.ratings.find((rating) => rating.mastered);
  if (!mastered) throw new Error("no mastered rating");
  const at = input.at ?? defaultTime;
  return db.transaction().execute(async (trx) => {
    const assessments: Assessment[] = [];
    for (const link of linksOf(curriculum, levelId)) {
      const row = assessmentRow({
        swimmerId: input.swimmerId,
        skillId: link.skillId,
        ratingId: mastered.id,
        scaleVersion: curriculum.scale.version,
        lessonId: input.lessonId,
        byUserId: input.byUserId,
        at,
        note: input.note,
      });
      const inserted = await trx
        .insertInto("assessment")
        .values(row)
        .returning("id")
        .executeTakeFirstOrThrow();
      assessments.push({ ...row, id: Number(inserted.id) } as Assessment);
    }
    const result = await trx
      .insertInto("levelResult")
      .values(
        levelResultRow({
          swimmerId: input.swimmerId,
          levelId,
          passedAt: at,
          reportCard: reportCardOf(curriculum, levelId, input.swimmerId, assessments, scales, at),
          certificateNumber: input.certificateNumber,
          publishedAt: input.publishedAt,
        }),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(result.id);
  });
}
