import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  type CurriculumResponse,
  curriculumMessages,
  type PlacementResponse,
} from "../../domain/curriculum.ts";
import {
  levelInputSchema,
  levelPatchSchema,
  linkSchema,
  moveSchema,
  placementSchema,
  scaleInputSchema,
  skillInputSchema,
  skillPatchSchema,
} from "../../domain/curriculum-schemas.ts";
import { rowIdParam } from "../../domain/query.ts";
import { swimmerMessages } from "../../domain/swimmers.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { parseJsonBody } from "../http/validate.ts";
import type { Wiring } from "../wiring.ts";
import {
  addLevel,
  addSkill,
  curriculumOf,
  editLevel,
  editScale,
  editSkill,
  linkSkill,
  moveLevel,
  moveSkill,
  placeSwimmer,
  retireLevelOf,
  retireSkillOf,
  unlinkSkill,
} from "./service.ts";

const levelIdSchema = rowIdParam(() => curriculumMessages.levelNotFound);
const skillIdSchema = rowIdParam(() => curriculumMessages.skillNotFound);

function levelIdParam(c: Context): number {
  const parsed = levelIdSchema.safeParse(c.req.param("levelId"));
  if (!parsed.success) throw appError("level-not-found", 404, curriculumMessages.levelNotFound);
  return parsed.data;
}

function skillIdParam(c: Context): number {
  const parsed = skillIdSchema.safeParse(c.req.param("skillId"));
  if (!parsed.success) throw appError("skill-not-found", 404, curriculumMessages.skillNotFound);
  return parsed.data;
}

type Saved = CurriculumResponse & { message: string };

/**
 * /api/curriculum: levels, skills and the rating scale (docs/decisions/026). Staff read it (an instructor assesses
 * against it); only the owner changes it. Every change answers with the whole curriculum as it now is.
 */
export function curriculumRoutes(deps: Pick<Wiring, "db" | "clock"> & { guard: SessionGuard }) {
  const { requireAdmin, requireStaff } = deps.guard;
  const saved = async (c: Context<AppEnv>, status: 200 | 201 = 200, message = curriculumMessages.saved) => {
    c.header("Cache-Control", "no-store");
    return c.json<Saved, typeof status>({ ...(await curriculumOf(deps.db)), message }, status);
  };
  return new Hono<AppEnv>()
    .get("/", requireStaff, async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json<CurriculumResponse>(await curriculumOf(deps.db));
    })
    .post("/levels", requireAdmin, async (c) => {
      await addLevel(deps, await parseJsonBody(c, levelInputSchema));
      return saved(c, 201);
    })
    .patch("/levels/:levelId", requireAdmin, async (c) => {
      const levelId = levelIdParam(c);
      await editLevel(deps, levelId, await parseJsonBody(c, levelPatchSchema));
      return saved(c);
    })
    .post("/levels/:levelId/move", requireAdmin, async (c) => {
      const levelId = levelIdParam(c);
      await moveLevel(deps, levelId, (await parseJsonBody(c, moveSchema)).direction);
      return saved(c);
    })
    .post("/levels/:levelId/retire", requireAdmin, async (c) => {
      await retireLevelOf(deps, levelIdParam(c));
      return saved(c);
    })
    .put("/levels/:levelId/skills/:skillId", requireAdmin, async (c) => {
      const levelId = levelIdParam(c);
      const skillId = skillIdParam(c);
      await linkSkill(deps, levelId, skillId, (await parseJsonBody(c, linkSchema)).required);
      return saved(c);
    })
    .delete("/levels/:levelId/skills/:skillId", requireAdmin, async (c) => {
      await unlinkSkill(deps, levelIdParam(c), skillIdParam(c));
      return saved(c);
    })
    .post("/levels/:levelId/skills/:skillId/move", requireAdmin, async (c) => {
      const levelId = levelIdParam(c);
      const skillId = skillIdParam(c);
      await moveSkill(deps, levelId, skillId, (await parseJsonBody(c, moveSchema)).direction);
      return saved(c);
    })
    .post("/skills", requireAdmin, async (c) => {
      await addSkill(deps, await parseJsonBody(c, skillInputSchema));
      return saved(c, 201);
    })
    .patch("/skills/:skillId", requireAdmin, async (c) => {
      const skillId = skillIdParam(c);
      await editSkill(deps, skillId, await parseJsonBody(c, skillPatchSchema));
      return saved(c);
    })
    .post("/skills/:skillId/retire", requireAdmin, async (c) => {
      await retireSkillOf(deps, skillIdParam(c));
      return saved(c);
    })
    .post("/scale", requireAdmin, async (c) => {
      const input = await parseJsonBody(c, scaleInputSchema);
      await editScale(deps, c.get("signedIn").userId, input);
      return saved(c, 201, curriculumMessages.scaleSaved);
    });
}

/** A swimmer's id: a user id (a migrated client) or a UUID; anything else is refused before any query. */
const swimmerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/**
 * /api/swimmers/:swimmerId/level: staff place a swimmer in a level (issue 28), the owner any swimmer, an instructor
 * only the swimmers of their own lessons.
 */
export function swimmerLevelRoutes(deps: Pick<Wiring, "db"> & { guard: SessionGuard }) {
  return new Hono<AppEnv>().put("/:swimmerId/level", deps.guard.requireStaff, async (c) => {
    const swimmerId = swimmerIdSchema.safeParse(c.req.param("swimmerId"));
    if (!swimmerId.success) throw appError("swimmer-not-found", 404, swimmerMessages.notFound);
    const { levelId } = await parseJsonBody(c, placementSchema);
    const { userId, role } = c.get("signedIn");
    return c.json<PlacementResponse>(await placeSwimmer(deps.db, { userId, role }, swimmerId.data, levelId));
  });
}
