import type { CurriculumResponse } from "../src/domain/curriculum.ts";
import type { NewAssessment } from "../test/support/factories.ts";
import { e2eControlUrl } from "./e2e-env.ts";
import { expect, test, uniqueEmail, uniqueName } from "./fixtures.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from "./support.ts";

/**
 * A parent's /progress (issue 28) on a phone (375 px, @mobile-only: the Skills section is one column there and at
 * 1440 px the same cards side by side). The owner makes a level of its own with three skills (so the school's
 * order, which other tests move, decides nothing here); the parent's swimmer has a history of ratings written by
 * the test data factories (through the test server's control port). The parent sees the level, "1 of 3 skills
 * mastered", a skill's history with the instructor's name and note, and the tip of the skill in progress only.
 */

/** Writes assessments with test/support/factories.ts (seedProgress), as the e2e server's control port offers. */
async function seedAssessments(assessments: NewAssessment[]): Promise<void> {
  const response = await fetch(`${e2eControlUrl}/factories/progress`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ assessments, levelResults: [] }),
  });
  expect(response.status, await response.text()).toBe(200);
}

test("@mobile-only a parent sees their swimmer's level, x of y mastered, a skill's history and the tip for home", async ({
  page,
  adminApi,
  newClient,
  signedInAs,
}) => {
  const level = uniqueName("Otters");
  const [floating, kicking, diving] = [uniqueName("Float"), uniqueName("Kick"), uniqueName("Dive")];
  const tips = {
    [floating]: "Lie back in the bath with your ears in the water.",
    [kicking]: "Kick your legs sitting on the sofa edge.",
    [diving]: "Pick up toys from the bottom of the bath.",
  };
  const added = await adminApi.post("/api/curriculum/levels", { data: { name: level } });
  expect(added.status(), await added.text()).toBe(201);
  const levelId = ((await added.json()) as CurriculumResponse).levels.find((each) => each.name === level)?.id;
  let curriculum: CurriculumResponse | undefined;
  for (const name of [floating, kicking, diving]) {
    const skill = await adminApi.post("/api/curriculum/skills", {
      data: { name, description: `${name}, on their own.`, homeTip: tips[name], levelId },
    });
    expect(skill.status(), await skill.text()).toBe(201);
    curriculum = (await skill.json()) as CurriculumResponse;
  }
  const skillId = (name: string) => curriculum?.skills.find((skill) => skill.name === name)?.id as number;
  const ratingId = (label: string) =>
    curriculum?.scale.ratings.find((each) => each.label === label)?.id as number;

  const email = uniqueEmail("ines");
  const instructor = await adminApi.post("/api/instructors", {
    data: { firstName: "Ines", lastName: uniqueName("Teach"), email },
  });
  expect(instructor.status(), await instructor.text()).toBe(201);
  const { instructors } = (await (await adminApi.get("/api/instructors")).json()) as {
    instructors: { id: string; email: string }[];
  };
  const inesId = instructors.find((each) => each.email === email)?.id as string;

  const parent = await newClient({ firstName: "Paula" });
  const rated = (name: string, label: string, at: string, note = ""): NewAssessment => ({
    swimmerId: parent.id,
    skillId: skillId(name),
    ratingId: ratingId(label),
    scaleVersion: curriculum?.scale.version as number,
    byUserId: inesId,
    at,
    note,
  });
  await seedAssessments([
    rated(floating, "Introduced", "2026-10-06T16:00:00.000Z"),
    rated(floating, "Progressing", "2026-10-13T16:00:00.000Z", "Ears in the water at last"),
    rated(kicking, "Mastered", "2026-10-13T16:10:00.000Z"),
  ]);

  await signedInAs(parent);
  await page.goto("/progress");
  const skills = page.getByRole("region", { name: "Skills" });
  await expect(skills.getByText(`Level: ${level}`)).toBeVisible();
  await expect(skills.getByText("1 of 3 skills mastered")).toBeVisible();
  await expect(skills.getByRole("progressbar", { name: "1 of 3 skills mastered" })).toBeVisible();

  const list = skills.getByRole("list", { name: "Skills of this level" });
  await expect(list.getByRole("listitem").filter({ hasText: floating }).first()).toContainText("Progressing");
  await expect(list.getByRole("listitem").filter({ hasText: kicking }).first()).toContainText("Mastered");
  await expect(list.getByRole("listitem").filter({ hasText: diving }).first()).toContainText(
    "Not assessed yet",
  );

  // The history opens from its button, newest first, with who rated it and their note.
  const history = list.getByRole("button", { name: `Show history of ${floating}` });
  await expect(history).toHaveAttribute("aria-expanded", "false");
  await history.click();
  const opened = list.getByRole("button", { name: `Hide history of ${floating}` });
  await expect(opened).toHaveAttribute("aria-expanded", "true");
  const entries = page.locator(`#${await opened.getAttribute("aria-controls")}`).getByRole("listitem");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText("Progressing");
  await expect(entries.nth(0)).toContainText("by Ines");
  await expect(entries.nth(0)).toContainText("Ears in the water at last");
  await expect(entries.nth(1)).toContainText("Introduced");

  // The tip of the skill in progress; none for the mastered one or the one not assessed.
  const athome = skills.getByRole("region", { name: "Practise at home this week" });
  await expect(athome).toContainText(tips[floating] as string);
  await expect(athome).not.toContainText(tips[kicking] as string);
  await expect(athome).not.toContainText(tips[diving] as string);

  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
