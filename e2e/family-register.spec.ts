import { swimmerMessages } from "../src/domain/swimmers.ts";
import { expect, test, uniqueEmail, uniqueName } from "./fixtures.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, expectOverlayClosed } from "./support.ts";

/**
 * The admin registers and keeps a family (issue 26), at 1440 px and 375 px (the register form's swimmer rows and
 * the Edit Client dialog are laid out differently on a phone): a parent with two children in one form, found on
 * /clients-list by a child's name with the children under the parent's name, a child's notes edited, a child
 * removed.
 */

test("the admin registers a family with two children, finds it by a child's name, edits a child's notes and removes a child", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("admin");
  await page.goto("/admin");
  const lastName = uniqueName("Fam");
  const leo = uniqueName("Leo");
  const mia = uniqueName("Mia");

  const form = page.getByRole("region", { name: "New client" });
  await form.getByLabel("First name", { exact: true }).fill("Paula");
  await form.getByLabel("Last name", { exact: true }).fill(lastName);
  await form.getByLabel("Email").fill(uniqueEmail("family"));
  await form.getByLabel("Phone number").fill("555 010 2030");
  await form.getByLabel("Package").selectOption("8_60");
  await form.getByLabel("Language").selectOption("es");
  // The parent does not swim: the two children do.
  await form.getByLabel("The client swims too (an adult learner)").uncheck();
  const addSwimmer = form.getByRole("button", { name: "Add a swimmer" });
  await addSwimmer.click();
  await addSwimmer.click();
  await addSwimmer.click();
  // A row added by mistake goes before saving.
  await form.getByRole("button", { name: "Remove swimmer 3" }).click();
  await expect(form.getByRole("group", { name: "Swimmer 3" })).toHaveCount(0);

  const first = form.getByRole("group", { name: "Swimmer 1" });
  await first.getByLabel("Swimmer's first name").fill(leo);
  await first.getByLabel("Swimmer's last name").fill(lastName);
  await first.getByLabel("Birth date (optional)").fill("2019-05-04");
  await first.getByLabel("Notes for the instructor (optional)").fill("Afraid of deep water");
  await first.getByLabel("The school may take and keep photos of this swimmer").check();
  const second = form.getByRole("group", { name: "Swimmer 2" });
  await second.getByLabel("Swimmer's first name").fill(mia);
  await second.getByLabel("Swimmer's last name").fill(lastName);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  // Each swimmer's fields sit inside the screen, whatever its width.
  const box = await second.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= (page.viewportSize()?.width ?? 0)).toBe(
    true,
  );

  await form.getByRole("button", { name: "Register Client" }).click();
  await expect(page.getByRole("status").getByText(/^Client registered! Password: /)).toBeVisible();
  const kept = page.getByRole("dialog", { name: "Temporary password" });
  await kept.getByRole("button", { name: "Done" }).click();
  await expectOverlayClosed(page, kept);
  // The form is ready for the next family: no swimmer rows left.
  await expect(form.getByRole("group", { name: "Swimmer 1" })).toHaveCount(0);

  // Found by a child's name, shown as the parent's row with the children under it.
  await page.goto(`/clients-list?q=${encodeURIComponent(leo.toLowerCase())}`);
  const row = page.getByRole("row").filter({ hasText: `Paula ${lastName}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").first()).toContainText(`Swimmers: ${leo}, ${mia}`);
  await expectNoSidewaysScroll(page);

  await row.getByRole("button", { name: `Edit Paula ${lastName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Client" });
  const swimmers = dialog.getByRole("region", { name: "Swimmers" });
  await expect(swimmers.getByRole("listitem")).toHaveCount(2);
  await expect(swimmers.getByRole("listitem").first()).toContainText("Afraid of deep water");

  await swimmers.getByRole("button", { name: `Edit swimmer ${leo} ${lastName}` }).click();
  const editLeo = swimmers.getByRole("form", { name: `Edit swimmer ${leo} ${lastName}` });
  await editLeo
    .getByLabel("Notes for the instructor (optional)")
    .fill("Afraid of deep water; loves the slide");
  await expectNoSidewaysScroll(page);
  await editLeo.getByRole("button", { name: "Save swimmer" }).click();
  await expect(page.getByRole("status").getByText(swimmerMessages.updated)).toBeVisible();
  await expect(swimmers.getByRole("listitem").first()).toContainText("loves the slide");

  await swimmers.getByRole("button", { name: `Remove swimmer ${mia} ${lastName}` }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await expect(confirm).toContainText(`Remove ${mia} ${lastName} from this family?`);
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status").getByText(swimmerMessages.removed)).toBeVisible();
  await expect(swimmers.getByRole("listitem")).toHaveCount(1);
  await expect(swimmers).not.toContainText(mia);

  // The removed child no longer finds the family; the notes stayed.
  await page.keyboard.press("Escape");
  await expectOverlayClosed(page, dialog);
  await page.goto(`/clients-list?q=${encodeURIComponent(mia.toLowerCase())}`);
  await expect(page.getByText("No clients match this search.")).toBeVisible();
  await page.goto(`/clients-list?q=${encodeURIComponent(leo.toLowerCase())}`);
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: `Paula ${lastName}` })
      .getByRole("cell")
      .first(),
  ).toContainText(`Swimmers: ${leo}`);
});
