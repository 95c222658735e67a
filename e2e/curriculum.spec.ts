import { expect, test, uniqueName } from "./fixtures.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, withE2eLock } from "./support.ts";

/**
 * The owner's curriculum page (issue 28, docs/decisions/026): the owner renames a skill, moves a level up with the
 * keyboard, and retires a skill, which leaves its level's list and is listed under "Retired". The test makes its own
 * level and skills through the API, so the starter curriculum other tests read stays as it is. At 375 and 1440 px.
 */
test("the owner renames a skill, moves a level up from the keyboard and retires a skill, which stays listed as retired", async ({
  page,
  signedInAs,
  adminApi,
}) => {
  await signedInAs("admin");
  const level = uniqueName("Lvl");
  const kick = uniqueName("Kick");
  const glide = uniqueName("Glide");
  const addedLevel = await adminApi.post("/api/curriculum/levels", {
    data: { name: level, nameEs: `${level} es` },
  });
  expect(addedLevel.status(), await addedLevel.text()).toBe(201);
  const { levels } = (await addedLevel.json()) as { levels: { id: number; name: string }[] };
  const levelId = levels.find((each) => each.name === level)?.id;
  for (const name of [kick, glide]) {
    const added = await adminApi.post("/api/curriculum/skills", {
      data: { name, homeTip: "Kick on the sofa.", levelId },
    });
    expect(added.status(), await added.text()).toBe(201);
  }

  await page.goto("/curriculum");
  await expect(page.getByRole("heading", { level: 1, name: "Curriculum" })).toBeVisible();
  const levelHeadings = page.getByRole("heading", { level: 3 });
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: level }) });
  const skills = card.getByRole("list", { name: `Skills of ${level}` });
  await expect(skills.getByRole("listitem")).toHaveCount(2);
  await expect(skills).toContainText("At home: Kick on the sofa.");

  // Rename a skill.
  const renamed = uniqueName("Flutter");
  await card.getByRole("button", { name: `Rename skill ${kick}` }).click();
  await card.getByLabel("Name (English)").fill(renamed);
  await card.getByRole("button", { name: "Save Skill" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Curriculum saved." }).first()).toBeVisible();
  await expect(skills.getByText(renamed, { exact: true })).toBeVisible();
  await expect(skills.getByText(kick, { exact: true })).toHaveCount(0);

  // Move the level up with the keyboard: it swaps with the level before it, and the focus stays on the button. The
  // order is the school's one: this test's copy in the other project must not move its level meanwhile, so the page
  // is read afresh under a lock.
  const moveUp = card.getByRole("button", { name: `Move up level ${level}` });
  await withE2eLock("curriculum-order", async () => {
    await page.reload();
    await expect(skills.getByText(renamed, { exact: true })).toBeVisible();
    const before = await levelHeadings.allTextContents();
    const index = before.indexOf(level);
    expect(index).toBeGreaterThan(0);
    await moveUp.focus();
    await page.keyboard.press("Enter");
    await expect(async () => {
      const after = await levelHeadings.allTextContents();
      expect(after.indexOf(level)).toBe(index - 1);
      expect(after.indexOf(before[index - 1] as string)).toBe(index);
    }).toPass();
    await expect(moveUp).toBeFocused();
  });

  // A skill of another level joins this one too (its ratings count in both).
  await card.getByLabel(`Add a skill of another level to ${level}`).selectOption({ label: "Blows bubbles" });
  await card.getByRole("button", { name: "Add to level" }).click();
  await expect(skills.getByText("Blows bubbles", { exact: true })).toBeVisible();

  // Retire a skill: gone from its level's list, listed under "Retired".
  await card.getByRole("button", { name: `Retire skill ${glide}` }).click();
  await expect(skills.getByRole("listitem")).toHaveCount(2);
  await expect(skills).not.toContainText(glide);
  const retired = page.getByRole("list", { name: "Retired" });
  await expect(retired.getByText(`Skill: ${glide}`, { exact: true })).toBeVisible();

  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
