import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Assessment,
  activeLevels,
  type Curriculum,
  currentLevelOf,
  latestBySkill,
  masteredCount,
  passesLevel,
  ratingOf,
  reportCardOf,
  requiredSkillsOf,
  type ScaleVersion,
} from "./curriculum.ts";
import { scaleInputSchema } from "./curriculum-schemas.ts";

const scaleV1: ScaleVersion = {
  version: 1,
  ratings: [
    { id: 1, position: 1, label: "Not yet", labelEs: "Todavía no", mastered: false },
    { id: 2, position: 2, label: "Introduced", labelEs: "Presentada", mastered: false },
    { id: 3, position: 3, label: "Progressing", labelEs: "Avanzando", mastered: false },
    { id: 4, position: 4, label: "Mastered", labelEs: "Dominada", mastered: true },
  ],
};
/** A later scale where the old "mastered" words mean less: old assessments must still read as they were written. */
const scaleV2: ScaleVersion = {
  version: 2,
  ratings: [
    { id: 5, position: 1, label: "Starting", labelEs: "Empezando", mastered: false },
    { id: 6, position: 2, label: "Confident", labelEs: "Con confianza", mastered: true },
  ],
};

const level = (id: number, position: number) => ({
  id,
  position,
  name: `Level ${id}`,
  nameEs: `Nivel ${id}`,
  description: "",
  descriptionEs: "",
  retiredAt: null,
});
const skill = (id: number) => ({
  id,
  name: `Skill ${id}`,
  nameEs: `Habilidad ${id}`,
  description: "",
  descriptionEs: "",
  homeTip: "",
  homeTipEs: "",
  retiredAt: null as string | null,
});

/** Level 1: skills 1, 2 required, 3 optional. Level 2: skill 2 (shared) and 4, both required. */
const curriculum: Curriculum = {
  levels: [level(1, 1), level(2, 2)],
  skills: [skill(1), skill(2), skill(3), skill(4)],
  links: [
    { levelId: 1, skillId: 1, position: 1, required: true },
    { levelId: 1, skillId: 2, position: 2, required: true },
    { levelId: 1, skillId: 3, position: 3, required: false },
    { levelId: 2, skillId: 2, position: 1, required: true },
    { levelId: 2, skillId: 4, position: 2, required: true },
  ],
};

let nextId = 1;
const rated = (skillId: number, ratingId: number, at: string, scaleVersion = 1): Assessment => ({
  id: nextId++,
  swimmerId: "mia",
  skillId,
  ratingId,
  scaleVersion,
  lessonId: null,
  byUserId: "ivy",
  at,
  note: "",
});
const scales = [scaleV1, scaleV2];

describe("the pass rule", () => {
  it("passes a level when every required skill's latest rating is mastered, whatever the optional ones say", () => {
    const history = [rated(1, 4, "2026-01-01T10:00:00Z"), rated(2, 4, "2026-01-02T10:00:00Z")];
    expect(passesLevel(curriculum, 1, "mia", history, scales)).toBe(true);
    expect(masteredCount(curriculum, 1, "mia", history, scales)).toEqual({ mastered: 2, of: 2 });
  });

  it("does not pass while one required skill is progressing or never assessed", () => {
    expect(passesLevel(curriculum, 1, "mia", [rated(1, 4, "2026-01-01T10:00:00Z")], scales)).toBe(false);
    expect(
      passesLevel(
        curriculum,
        1,
        "mia",
        [rated(1, 4, "2026-01-01T10:00:00Z"), rated(2, 3, "2026-01-01T10:00:00Z")],
        scales,
      ),
    ).toBe(false);
  });

  it("reads the latest assessment: a later 'progressing' after 'mastered' is not a pass, a correction at the same instant wins", () => {
    const history = [
      rated(1, 4, "2026-01-01T10:00:00Z"),
      rated(2, 4, "2026-01-01T10:00:00Z"),
      rated(2, 3, "2026-01-05T10:00:00Z"),
    ];
    expect(passesLevel(curriculum, 1, "mia", history, scales)).toBe(false);
    const corrected = [...history, rated(2, 4, "2026-01-05T10:00:00Z")];
    expect(passesLevel(curriculum, 1, "mia", corrected, scales)).toBe(true);
  });

  it("counts a shared skill's rating in every level it is in", () => {
    const history = [rated(2, 4, "2026-01-01T10:00:00Z"), rated(4, 4, "2026-01-02T10:00:00Z")];
    expect(passesLevel(curriculum, 2, "mia", history, scales)).toBe(true);
    expect(masteredCount(curriculum, 1, "mia", history, scales)).toEqual({ mastered: 1, of: 2 });
  });

  it("reads each assessment in its own scale version: 'Confident' (v2) is mastered, an old 'Mastered' (v1) still is", () => {
    const history = [rated(1, 4, "2026-01-01T10:00:00Z", 1), rated(2, 6, "2026-02-01T10:00:00Z", 2)];
    expect(passesLevel(curriculum, 1, "mia", history, scales)).toBe(true);
    expect(passesLevel(curriculum, 1, "mia", history, [scaleV1])).toBe(false);
  });

  it("no longer waits for a retired skill, and never passes a retired level or one with no required skill", () => {
    const history = [rated(1, 4, "2026-01-01T10:00:00Z")];
    const retiredSkill2 = {
      ...curriculum,
      skills: curriculum.skills.map((each) =>
        each.id === 2 ? { ...each, retiredAt: "2026-01-03T00:00:00Z" } : each,
      ),
    };
    expect(passesLevel(retiredSkill2, 1, "mia", history, scales)).toBe(true);
    const retiredLevel = {
      ...retiredSkill2,
      levels: retiredSkill2.levels.map((each) => ({ ...each, retiredAt: "2026-01-03T00:00:00Z" })),
    };
    expect(passesLevel(retiredLevel, 1, "mia", history, scales)).toBe(false);
    const empty = { ...curriculum, links: curriculum.links.filter((link) => link.levelId !== 1) };
    expect(passesLevel(empty, 1, "mia", history, scales)).toBe(false);
  });

  it("does not mix swimmers", () => {
    const history = [
      rated(1, 4, "2026-01-01T10:00:00Z"),
      { ...rated(2, 4, "2026-01-01T10:00:00Z"), swimmerId: "leo" },
    ];
    expect(passesLevel(curriculum, 1, "mia", history, scales)).toBe(false);
  });
});

describe("the current level", () => {
  /** Three levels: the two above and level 3 (skill 5), with level 2 retired in some cases. */
  const three: Curriculum = {
    ...curriculum,
    levels: [...curriculum.levels, level(3, 3)],
    skills: [...curriculum.skills, skill(5)],
    links: [...curriculum.links, { levelId: 3, skillId: 5, position: 1, required: true }],
  };
  const withLevel2Retired: Curriculum = {
    ...three,
    levels: three.levels.map((each) =>
      each.id === 2 ? { ...each, retiredAt: "2026-05-01T00:00:00.000Z" } : each,
    ),
  };
  const idOf = (placement: Parameters<typeof currentLevelOf>[1], of: Curriculum = three) =>
    currentLevelOf(of, placement)?.id;
  const nothing = { placedLevelId: null, passedLevelIds: [], assessments: [] };

  it("is the first level offered for a new swimmer, and where staff placed them otherwise", () => {
    expect(idOf(nothing)).toBe(1);
    expect(idOf({ ...nothing, placedLevelId: 3 })).toBe(3);
    // A placement in a retired level is no longer offered: the swimmer reads as new.
    expect(idOf({ ...nothing, placedLevelId: 2 }, withLevel2Retired)).toBe(1);
  });

  it("moves on to the next level offered once a level is passed, and is none when every level is passed", () => {
    expect(idOf({ ...nothing, passedLevelIds: [1] })).toBe(2);
    expect(idOf({ ...nothing, passedLevelIds: [1] }, withLevel2Retired)).toBe(3);
    expect(idOf({ ...nothing, placedLevelId: 1, passedLevelIds: [1] })).toBe(2);
    // Placed in level 2, then passed it: the placement is history, the next level starts.
    expect(idOf({ ...nothing, placedLevelId: 2, passedLevelIds: [2] })).toBe(3);
    expect(idOf({ ...nothing, passedLevelIds: [1, 2, 3] })).toBeUndefined();
  });

  it("reads a history with no placement and no pass from the level holding most of the skills assessed", () => {
    expect(idOf({ ...nothing, assessments: [{ skillId: 4 }] })).toBe(2);
    expect(idOf({ ...nothing, assessments: [{ skillId: 5 }, { skillId: 5 }] })).toBe(3);
    // Skill 2 is in levels 1 and 2: the lower level on a tie.
    expect(idOf({ ...nothing, assessments: [{ skillId: 2 }] })).toBe(1);
    // A skill in no offered level says nothing: the first level.
    expect(idOf({ ...nothing, assessments: [{ skillId: 4 }] }, withLevel2Retired)).toBe(1);
  });
});

describe("a curriculum the server keeps (frozen: what is read of it is worked out once)", () => {
  const frozen = (of: Curriculum): Curriculum => {
    const copy = structuredClone(of);
    for (const list of [copy.levels, copy.skills, copy.links]) {
      for (const each of list) Object.freeze(each);
      Object.freeze(list);
    }
    return Object.freeze(copy);
  };
  const ids = (list: readonly { id: number }[]) => list.map((each) => each.id);

  it("reads as the same curriculum unfrozen, each kept curriculum its own", () => {
    const history = [rated(1, 4, "2026-01-01T10:00:00Z")];
    const before = frozen(curriculum);
    const retired = frozen({
      ...curriculum,
      skills: curriculum.skills.map((each) =>
        each.id === 2 ? { ...each, retiredAt: "2026-01-03T00:00:00Z" } : each,
      ),
    });
    expect(ids(requiredSkillsOf(before, 1))).toEqual(ids(requiredSkillsOf(curriculum, 1)));
    expect(passesLevel(before, 1, "mia", history, scales)).toBe(false);
    // The skill retired in the curriculum read after the edit: it no longer blocks, in that curriculum only.
    expect(ids(requiredSkillsOf(retired, 1))).toEqual([1]);
    expect(passesLevel(retired, 1, "mia", history, scales)).toBe(true);
    expect(ids(requiredSkillsOf(before, 1))).toEqual([1, 2]);
    expect(currentLevelOf(before, { placedLevelId: 2, passedLevelIds: [], assessments: [] })?.id).toBe(2);
  });

  it("hands every reader the same lists, which none can change", () => {
    const kept = frozen(curriculum);
    expect(activeLevels(kept)).toBe(activeLevels(kept));
    expect(() => activeLevels(kept).reverse()).toThrow(TypeError);
  });
});

describe("a rating scale the owner sends", () => {
  it("needs exactly one mastered rating", () => {
    const ratings = [
      { label: "Not yet", mastered: false },
      { label: "Got it", mastered: true },
    ];
    expect(scaleInputSchema.safeParse({ ratings }).success).toBe(true);
    expect(
      scaleInputSchema.safeParse({ ratings: ratings.map((r) => ({ ...r, mastered: true })) }).success,
    ).toBe(false);
    expect(
      scaleInputSchema.safeParse({ ratings: ratings.map((r) => ({ ...r, mastered: false })) }).success,
    ).toBe(false);
  });
});

// Random histories: 1–3 levels over 1–6 skills, random links (required or not), assessments in either scale version.
const historyArbitrary = fc
  .record({
    skillCount: fc.integer({ min: 1, max: 6 }),
    links: fc.array(
      fc.record({ levelId: fc.integer({ min: 1, max: 3 }), skill: fc.nat(), required: fc.boolean() }),
      { maxLength: 12 },
    ),
    assessments: fc.array(
      fc.record({
        swimmer: fc.constantFrom("mia", "leo"),
        skill: fc.nat(),
        version: fc.constantFrom(1, 2),
        rating: fc.nat(),
        // Few distinct instants, so ties (same `at`) happen often.
        minute: fc.integer({ min: 0, max: 5 }),
      }),
      { maxLength: 30 },
    ),
  })
  .map(({ skillCount, links, assessments }) => {
    const seen = new Set<string>();
    const curriculum: Curriculum = {
      levels: [level(1, 1), level(2, 2), level(3, 3)],
      skills: Array.from({ length: skillCount }, (_, i) => skill(i + 1)),
      links: links.flatMap((link, position) => {
        const skillId = (link.skill % skillCount) + 1;
        const key = `${link.levelId}/${skillId}`;
        if (seen.has(key)) return [];
        seen.add(key);
        return [{ levelId: link.levelId, skillId, position, required: link.required }];
      }),
    };
    const history: Assessment[] = assessments.map((each, index) => {
      const scale = each.version === 1 ? scaleV1 : scaleV2;
      const rating = scale.ratings[each.rating % scale.ratings.length] as { id: number };
      return {
        id: index + 1,
        swimmerId: each.swimmer,
        skillId: (each.skill % skillCount) + 1,
        ratingId: rating.id,
        scaleVersion: each.version,
        lessonId: null,
        byUserId: null,
        at: `2026-01-01T10:0${each.minute}:00.000Z`,
        note: "",
      };
    });
    return { curriculum, history };
  });

/** The rule restated the slow way: for each required skill, sort its assessments and look at the last one. */
function passesByDefinition(
  curriculum: Curriculum,
  levelId: number,
  history: readonly Assessment[],
): boolean {
  const required = curriculum.links.filter((link) => link.levelId === levelId && link.required);
  if (required.length === 0) return false;
  return required.every((link) => {
    const mine = history
      .filter((each) => each.swimmerId === "mia" && each.skillId === link.skillId)
      .sort((a, b) => (a.at === b.at ? a.id - b.id : a.at < b.at ? -1 : 1));
    const last = mine[mine.length - 1];
    if (!last) return false;
    const scale = scales.find((each) => each.version === last.scaleVersion);
    return scale?.ratings.find((rating) => rating.id === last.ratingId)?.mastered === true;
  });
}

describe("over random histories", () => {
  it("a level passes iff every required skill's latest rating is a mastered rating of its scale version", () => {
    fc.assert(
      fc.property(historyArbitrary, ({ curriculum, history }) => {
        for (const levelId of [1, 2, 3]) {
          expect(passesLevel(curriculum, levelId, "mia", history, scales)).toBe(
            passesByDefinition(curriculum, levelId, history),
          );
        }
      }),
      { numRuns: 500 },
    );
  });

  it("the order assessments are read in does not matter", () => {
    fc.assert(
      fc.property(historyArbitrary, ({ curriculum, history }) => {
        const reversed = [...history].reverse();
        expect(latestBySkill(reversed, "mia")).toEqual(latestBySkill(history, "mia"));
        expect(passesLevel(curriculum, 1, "mia", reversed, scales)).toBe(
          passesLevel(curriculum, 1, "mia", history, scales),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("a later retirement or a new scale version never changes a report card already written, nor an old rating's words", () => {
    fc.assert(
      fc.property(historyArbitrary, fc.nat(), ({ curriculum, history }, retire) => {
        const card = reportCardOf(curriculum, 1, "mia", history, scales, "2026-01-02T00:00:00.000Z");
        const stored = JSON.stringify(card);
        const oldWords = history.map((each) => ratingOf(each, scales)?.label);

        // Then: a skill retired, a level renamed, a third scale version whose ids reuse nothing and whose words differ.
        const retiredId = (retire % curriculum.skills.length) + 1;
        for (const each of curriculum.skills) {
          if (each.id === retiredId)
            Object.assign(each, { retiredAt: "2026-02-01T00:00:00.000Z", name: "Renamed" });
        }
        for (const each of curriculum.levels) each.name = "Renamed level";
        const scaleV3: ScaleVersion = {
          version: 3,
          ratings: [{ id: 7, position: 1, label: "Anything", labelEs: "Lo que sea", mastered: true }],
        };
        const later = [...scales, scaleV3];

        expect(JSON.stringify(card)).toBe(stored);
        expect(history.map((each) => ratingOf(each, later)?.label)).toEqual(oldWords);
        // The card's words are those of the version each rating was made with.
        for (const entry of card.skills) {
          if (!entry.rating) continue;
          const version = scales.find((each) => each.version === entry.rating?.scaleVersion);
          expect(version?.ratings.map((rating) => rating.label)).toContain(entry.rating.label);
        }
      }),
      { numRuns: 300 },
    );
  });
});
