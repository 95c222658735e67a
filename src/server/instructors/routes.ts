import { Hono } from "hono";
import {
  type InstructorListResponse,
  type NewInstructorResponse,
  newInstructorSchema,
} from "../../domain/lesson-schedule.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { parseJsonBody } from "../http/validate.ts";
import type { Wiring } from "../wiring.ts";
import { createInstructor, instructorsOf } from "./service.ts";

/** /api/instructors (the owner's): whom the booking pages may give a lesson to, and new instructor accounts. */
export function instructorRoutes(deps: Pick<Wiring, "db" | "auth" | "clock"> & { guard: SessionGuard }) {
  const { requireAdmin } = deps.guard;
  return new Hono<AppEnv>()
    .get("/", requireAdmin, async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json<InstructorListResponse>({ instructors: await instructorsOf(deps.db) });
    })
    .post("/", requireAdmin, async (c) => {
      const input = await parseJsonBody(c, newInstructorSchema);
      c.header("Cache-Control", "no-store");
      return c.json<NewInstructorResponse, 201>(await createInstructor(deps, input), 201);
    });
}
