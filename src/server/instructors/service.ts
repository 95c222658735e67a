import {
  lessonMessages,
  type NewInstructorInput,
  type NewInstructorResponse,
  type StaffMember,
} from "../../domain/lesson-schedule.ts";
import { messages } from "../../domain/messages.ts";
import type { Auth } from "../auth/auth.ts";
import { createPasswordLogin, generateTemporaryPassword } from "../auth/service.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/database.ts";
import { isUniqueViolation } from "../db/portable.ts";
import { appError } from "../http/errors.ts";
import { emailInUse, findStaff, listStaff, teachesHousehold } from "./repository.ts";

export { teachesHousehold };

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
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const instructor = await findStaff(deps.db, id);
  if (!instructor) throw new Error("instructor account not found after creating it");
  return { instructor, temporaryPassword, message: lessonMessages.instructorCreated(temporaryPassword) };
}
