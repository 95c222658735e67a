import { curriculumMessages, maxNameLength, maxTextLength } from "./curriculum.ts";
import { refuseNul } from "./fields.ts";
import { maxRowId } from "./query.ts";
import { said, z } from "./zod.ts";

/**
 * What the owner sends to the curriculum's routes, as zod schemas apart from curriculum.ts's rules and words, which
 * the client pages read without the validation library (docs/decisions/044).
 */

const withoutNul = (schema: z.ZodString) => refuseNul(schema, () => curriculumMessages.noNul);
const name = () =>
  withoutNul(
    z
      .string()
      .trim()
      .min(
        1,
        said(() => curriculumMessages.nameRequired),
      )
      .max(
        maxNameLength,
        said(() => curriculumMessages.nameTooLong),
      ),
  );
const optionalName = () =>
  withoutNul(
    z
      .string()
      .trim()
      .max(
        maxNameLength,
        said(() => curriculumMessages.nameTooLong),
      ),
  );
const text = () =>
  withoutNul(
    z
      .string()
      .trim()
      .max(
        maxTextLength,
        said(() => curriculumMessages.textTooLong),
      ),
  );

const levelTexts = { name: name(), nameEs: optionalName(), description: text(), descriptionEs: text() };
const skillTexts = { ...levelTexts, homeTip: text(), homeTipEs: text() };

export const levelInputSchema = z.strictObject({
  ...levelTexts,
  nameEs: levelTexts.nameEs.default(""),
  description: levelTexts.description.default(""),
  descriptionEs: levelTexts.descriptionEs.default(""),
});
export type LevelInput = z.infer<typeof levelInputSchema>;
/** Only the texts sent change: a missing one keeps what it was (no default here). */
export const levelPatchSchema = z.strictObject(levelTexts).partial();
export type LevelPatch = z.infer<typeof levelPatchSchema>;

export const skillInputSchema = z.strictObject({
  name: skillTexts.name,
  nameEs: skillTexts.nameEs.default(""),
  description: skillTexts.description.default(""),
  descriptionEs: skillTexts.descriptionEs.default(""),
  homeTip: skillTexts.homeTip.default(""),
  homeTipEs: skillTexts.homeTipEs.default(""),
  /** Adds the new skill to this level (at its end, required). */
  levelId: z.number().int().positive().optional(),
});
export type SkillInput = z.infer<typeof skillInputSchema>;
export const skillPatchSchema = z.strictObject(skillTexts).partial();
export type SkillPatch = z.infer<typeof skillPatchSchema>;

export const moveSchema = z.strictObject({ direction: z.enum(["up", "down"]) });
export const linkSchema = z.strictObject({ required: z.boolean().default(true) });

/** PUT /api/swimmers/:swimmerId/level: where staff place a swimmer (a level offered). */
export const placementSchema = z.strictObject({
  levelId: z
    .number(said(() => curriculumMessages.levelNotFound))
    .int(said(() => curriculumMessages.levelNotFound))
    .positive(said(() => curriculumMessages.levelNotFound))
    .max(
      maxRowId,
      said(() => curriculumMessages.levelNotFound),
    ),
});
export type PlacementInput = z.infer<typeof placementSchema>;

export const scaleInputSchema = z
  .strictObject({
    ratings: z
      .array(
        z.strictObject({
          label: name(),
          labelEs: optionalName().default(""),
          mastered: z.boolean(),
        }),
      )
      .min(
        2,
        said(() => curriculumMessages.scaleShape),
      )
      .max(
        8,
        said(() => curriculumMessages.scaleShape),
      ),
  })
  .refine((scale) => scale.ratings.filter((rating) => rating.mastered).length === 1, {
    error: () => curriculumMessages.scaleShape,
    path: ["ratings"],
  });
export type ScaleInput = z.infer<typeof scaleInputSchema>;
