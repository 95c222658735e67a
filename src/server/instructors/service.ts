import type { Role } from "../../domain/auth.ts";
import {
  type Availability,
  type AvailabilityResponse,
  availabilityMessages,
  availabilityRefusal,
} from "../../domain/instructor-availability.ts";
import type {
  RenameStaffInput,
  TimeOffInput,
  WeeklyHoursInput,
} from "../../domain/instructor-availability-schemas.ts";
import {
  lessonMessages,
  type NewInstructorResponse,
  type StaffMember,
} from "../../domain/lesson-schedule.ts";
import type { NewInstructorInput } from "../../domain/lesson-schedule-schemas.ts";
import { messages } from "../../domain/messages.ts";
import { recordAudit } from "../audit/service.ts";
import type { Auth } from "../auth/auth.ts";
import { createPasswordLogin, generateTemporaryPassword } from "../auth/service.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/database.ts";
import { isUniqueViolation } from "../db/portable.ts";
import { appError } from "../http/errors.ts";
import {
  deleteTimeOff,
  emailInUse,
  findStaff,
  insertTimeOff,
  listStaff,
  lockInstructorSchedule,
  renameUser,
  replaceWeeklyHours,
  teachesHousehold,
  teachesSwimmer,
  timeOffOf,
  weeklyHoursOf,
} from "./repository.ts";

/** The instructor's schedule lock: bookings take it too, as hours, time off and lessons are written under it. */
export { lockInstructorSchedule, teachesHousehold, teachesSwimmer };

/** The school's instructors: whom Create Booking and Manage Bookings may give a lesson to (docs/decisions/021). */
export const instructorsOf = (db: Db): Promise<StaffMember[]> => listStaff(db);

/** The instructor with this id, or undefined when that account cannot teach (a client, or gone). */
export const findInstructor = (db: Db, userId: string) => findStaff(db, userId);

const emailTaken = () =>
  appError("email-already-in-use", 409, messages.registrationFailed(messages.emailTaken), { field: "email" });

/**
 * The owner creates an instructor's account as they register a client: a random temporary password (shown to the
 * owner once, hashed by better-auth), to be changed at the first sign-in.
 */
export async function createInstructor(
  deps: { db: Db; auth: Auth; clock: Clock },
  input: NewInstructorInput,
): Promise<NewInstructorResponse> {
  const temporaryPassword = generateTemporaryPassword();
  const context = await deps.auth.$context;
  const passwordHash = await context.password.hash(temporaryPassword);
  const id = context.generateId({ model: "user" }) || crypto.randomUUID();
  const accountId = context.generateId({ model: "account" }) || crypto.randomUUID();
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (await emailInUse(trx, input.email)) throw emailTaken();
      await createPasswordLogin(trx, {
        id,
        accountId,
        name: `${input.firstName} ${input.lastName}`,
        email: input.email,
        role: "instructor",
        passwordHash,
        now: deps.clock.now().toISOString(),
      });
      await recordAudit(trx, {
        kind: "instructor",
        id,
        action: "created",
        after: { name: `${input.firstName} ${input.lastName}`, email: input.email },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const instructor = await findStaff(deps.db, id);
  if (!instructor) throw new Error("instructor account not found after creating it");
  return { instructor, temporaryPassword, message: lessonMessages.instructorCreated(temporaryPassword) };
}

// Weekly hours and time off (docs/decisions/024).

/** Who asks: the owner reaches every staff member's availability, an instructor their own only. */
export interface StaffViewer {
  userId: string;
  role: Role;
}

const staffNotFound = () => appError("instructor-not-found", 404, lessonMessages.instructorNotFound);

async function reachableStaff(db: Db, viewer: StaffViewer, instructorId: string): Promise<StaffMember> {
  if (viewer.role !== "admin" && viewer.userId !== instructorId) {
    throw appError("permission-denied", 403, availabilityMessages.notYourAvailability);
  }
  const member = await findStaff(db, instructorId);
  if (!member) throw staffNotFound();
  return member;
}

export async function availabilityOf(
  deps: { db: Db },
  viewer: StaffViewer,
  instructorId: string,
  today: string,
): Promise<AvailabilityResponse> {
  const member = await reachableStaff(deps.db, viewer, instructorId);
  const [weeklyHours, timeOff] = await Promise.all([
    weeklyHoursOf(deps.db, instructorId),
    timeOffOf(deps.db, instructorId, today),
  ]);
  return { instructor: { id: member.id, name: member.name }, weeklyHours, timeOff };
}

export async function setWeeklyHours(
  deps: { db: Db },
  viewer: StaffViewer,
  instructorId: string,
  input: WeeklyHoursInput,
): Promise<void> {
  await reachableStaff(deps.db, viewer, instructorId);
  await deps.db.transaction().execute(async (trx) => {
    await lockInstructorSchedule(trx, instructorId);
    const before = await weeklyHoursOf(trx, instructorId);
    await replaceWeeklyHours(trx, instructorId, input.weeklyHours);
    await recordAudit(trx, {
      kind: "instructor-hours",
      id: instructorId,
      action: "updated",
      before: { weeklyHours: before },
      after: input,
    });
  });
}

export async function addTimeOff(
  deps: { db: Db; clock: Clock },
  viewer: StaffViewer,
  instructorId: string,
  input: TimeOffInput,
): Promise<number> {
  await reachableStaff(deps.db, viewer, instructorId);
  return deps.db.transaction().execute(async (trx) => {
    await lockInstructorSchedule(trx, instructorId);
    const timeOff = { firstDay: input.firstDay, lastDay: input.lastDay, reason: input.reason?.trim() ?? "" };
    const id = await insertTimeOff(trx, instructorId, timeOff, deps.clock.now().toISOString());
    await recordAudit(trx, { kind: "instructor-time-off", id, action: "created", after: timeOff });
    return id;
  });
}

export async function removeTimeOff(
  deps: { db: Db },
  viewer: StaffViewer,
  instructorId: string,
  timeOffId: number,
): Promise<void> {
  await reachableStaff(deps.db, viewer, instructorId);
  const removed = await deps.db.transaction().execute(async (trx) => {
    await lockInstructorSchedule(trx, instructorId);
    const deleted = await deleteTimeOff(trx, instructorId, timeOffId);
    if (deleted) await recordAudit(trx, { kind: "instructor-time-off", id: timeOffId, action: "deleted" });
    return deleted;
  });
  if (!removed) throw appError("time-off-not-found", 404, availabilityMessages.timeOffNotFound);
}

/** The owner renames a staff account (theirs included): the name families read as "with …" and in reminders. */
export async function renameStaff(
  deps: { db: Db; clock: Clock },
  instructorId: string,
  input: RenameStaffInput,
): Promise<StaffMember> {
  const before = await findStaff(deps.db, instructorId);
  if (!before) throw staffNotFound();
  await deps.db.transaction().execute(async (trx) => {
    await renameUser(trx, instructorId, input.name, deps.clock.now().toISOString());
    await recordAudit(trx, { kind: "instructor", id: instructorId, action: "updated", before, after: input });
  });
  return (await findStaff(deps.db, instructorId)) as StaffMember;
}

/**
 * Refused (409 outside-availability) when a lesson at `startTime` on one of `dates` is outside the instructor's
 * weekly hours or in their time off, naming the instructor and why. The caller holds the instructor's lock
 * (lockInstructorSchedule) in the transaction `trx`, so the hours it reads stay as they are until it writes.
 */
export async function refuseOutsideAvailability(
  trx: Db,
  instructor: { id: string; name: string },
  startTime: string | null,
  dates: readonly string[],
): Promise<void> {
  if (dates.length === 0) return;
  const sorted = [...dates].sort();
  const weeklyHours = await weeklyHoursOf(trx, instructor.id);
  const timeOff = await timeOffOf(trx, instructor.id, sorted[0] as string, sorted[sorted.length - 1]);
  for (const date of sorted) {
    const refusal = availabilityRefusal({ weeklyHours, timeOff }, { date, startTime });
    if (refusal) {
      throw appError("outside-availability", 409, availabilityMessages.refusal(instructor.name, refusal), {
        field: "startTime",
      });
    }
  }
}

/**
 * The instructor's weekly hours and the time off touching `firstDay`…`lastDay`: what a reschedule's free times are
 * read from (docs/decisions/033). In the caller's transaction, under their lock when they write with it.
 */
export async function availabilityBetween(
  db: Db,
  instructorId: string,
  firstDay: string,
  lastDay: string,
): Promise<Availability> {
  const [weeklyHours, timeOff] = await Promise.all([
    weeklyHoursOf(db, instructorId),
    timeOffOf(db, instructorId, firstDay, lastDay),
  ]);
  return { weeklyHours, timeOff };
}
