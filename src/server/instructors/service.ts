import type { Instructor } from "../../domain/lesson-schedule.ts";
import type { Db } from "../db/database.ts";
import { findStaff, listStaff } from "./repository.ts";

/** The school's instructors: whom Create Booking and Manage Bookings may give a lesson to (docs/decisions/021). */
export const instructorsOf = (db: Db): Promise<Instructor[]> => listStaff(db);

/** The instructor with this id, or undefined when that account cannot teach (a client, or gone). */
export const findInstructor = (db: Db, userId: string) => findStaff(db, userId);
