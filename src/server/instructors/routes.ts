import { type Context, Hono } from "hono";
import { type AvailabilityResponse, availabilityMessages } from "../../domain/instructor-availability.ts";
import {
  renameStaffSchema,
  timeOffSchema,
  type WeeklyHoursInput,
  weeklyHoursSchema,
} from "../../domain/instructor-availability-schemas.ts";
import {
  type InstructorListResponse,
  lessonMessages,
  type NewInstructorResponse,
  type StaffMember,
} from "../../domain/lesson-schedule.ts";
import { newInstructorSchema } from "../../domain/lesson-schedule-schemas.ts";
import { rowIdParam } from "../../domain/query.ts";
import { dayInZone } from "../../domain/school-day.ts";
import { userIdSchema } from "../../domain/subscriptions-schemas.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { parseJsonBody } from "../http/validate.ts";
import type { Wiring } from "../wiring.ts";
import {
  addTimeOff,
  availabilityOf,
  createInstructor,
  instructorsOf,
  removeTimeOff,
  renameStaff,
  setWeeklyHours,
} from "./service.ts";

function instructorIdParam(c: Context): string {
  const parsed = userIdSchema.safeParse(c.req.param("instructorId"));
  if (!parsed.success) {
    throw appError("instructor-not-found", 404, lessonMessages.instructorNotFound, { field: "instructorId" });
  }
  return parsed.data;
}

const timeOffIdSchema = rowIdParam(() => availabilityMessages.timeOffNotFound);

function timeOffIdParam(c: Context): number {
  const parsed = timeOffIdSchema.safeParse(c.req.param("timeOffId"));
  if (!parsed.success) throw appError("time-off-not-found", 404, availabilityMessages.timeOffNotFound);
  return parsed.data;
}

/**
 * /api/instructors: whom the booking pages may give a lesson to, new instructor accounts and staff names (the
 * owner's), and each staff member's weekly hours and time off (the owner's for anyone, an instructor's for
 * themselves: docs/decisions/024).
 */
export function instructorRoutes(
  deps: Pick<Wiring, "db" | "auth" | "clock" | "config"> & { guard: SessionGuard },
) {
  const { requireAdmin, requireStaff } = deps.guard;
  const today = () => dayInZone(deps.clock.now(), deps.config.TZ_SCHOOL);
  const availability = (c: Context<AppEnv>) =>
    availabilityOf(deps, c.get("signedIn"), instructorIdParam(c), today());
  return new Hono<AppEnv>()
    .get("/", requireAdmin, async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json<InstructorListResponse>({ instructors: await instructorsOf(deps.db) });
    })
    .post("/", requireAdmin, async (c) => {
      const input = await parseJsonBody(c, newInstructorSchema);
      c.header("Cache-Control", "no-store");
      return c.json<NewInstructorResponse, 201>(await createInstructor(deps, input), 201);
    })
    .patch("/:instructorId", requireAdmin, async (c) => {
      const id = instructorIdParam(c);
      const input = await parseJsonBody(c, renameStaffSchema);
      return c.json<{ instructor: StaffMember; message: string }>({
        instructor: await renameStaff(deps, id, input),
        message: availabilityMessages.staffRenamed,
      });
    })
    .get("/:instructorId/availability", requireStaff, async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json<AvailabilityResponse>(await availability(c));
    })
    .put("/:instructorId/weekly-hours", requireStaff, async (c) => {
      const id = instructorIdParam(c);
      const input = (await parseJsonBody(c, weeklyHoursSchema)) as WeeklyHoursInput;
      await setWeeklyHours(deps, c.get("signedIn"), id, input);
      return c.json({ ...(await availability(c)), message: availabilityMessages.hoursSaved });
    })
    .post("/:instructorId/time-off", requireStaff, async (c) => {
      const id = instructorIdParam(c);
      const input = await parseJsonBody(c, timeOffSchema);
      await addTimeOff(deps, c.get("signedIn"), id, input);
      return c.json({ ...(await availability(c)), message: availabilityMessages.timeOffAdded }, 201);
    })
    .delete("/:instructorId/time-off/:timeOffId", requireStaff, async (c) => {
      const id = instructorIdParam(c);
      await removeTimeOff(deps, c.get("signedIn"), id, timeOffIdParam(c));
      return c.json({ ...(await availability(c)), message: availabilityMessages.timeOffRemoved });
    });
}
