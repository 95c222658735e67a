import { Hono } from "hono";
import type { InstructorListResponse } from "../../domain/lesson-schedule.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import type { Wiring } from "../wiring.ts";
import { instructorsOf } from "./service.ts";

/** /api/instructors: whom the booking pages may give a lesson to. */
export function instructorRoutes(deps: Pick<Wiring, "db"> & { guard: SessionGuard }) {
  return new Hono<AppEnv>().get("/", deps.guard.requireAdmin, async (c) =>
    c.json<InstructorListResponse>({ instructors: await instructorsOf(deps.db) }),
  );
}
