import { request } from "@playwright/test";
import sharp from "sharp";
import { guardianMessages } from "../src/domain/guardians.ts";
import { mediaMessages } from "../src/domain/messages.ts";
import { baseURL, expect, test, uniqueEmail, uniqueName } from "./fixtures.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, mailedInvitationLink } from "./support.ts";

/**
 * The admin keeps a family's members (issue 26), at 1440 px and 375 px (Edit Client and the upload form are laid
 * out differently on a phone): Edit Client lists the guardians, the first one as the account holder, and invites
 * a second one, whose invitation waits; on /admin-milestones a household of two children asks whose photo it is,
 * a child without photo permission cannot be chosen, and the uploaded milestone (and, on /admin-gallery, a video
 * link) is listed under the child's name.
 */

test("the admin invites a second guardian from Edit Client and uploads a milestone for the family's second child", async ({
  page,
  signedInAs,
  adminApi,
}) => {
  test.slow();
  await signedInAs("admin");
  const lastName = uniqueName("Members");
  const leo = uniqueName("Leo");
  const mia = uniqueName("Mia");
  const parentEmail = uniqueEmail("members");
  // A parent who does not swim, and two children: the first without photo permission, the second with it.
  const registered = await adminApi.post("/api/clients", {
    data: {
      firstName: "Paula",
      lastName,
      email: parentEmail,
      phoneNumber: "5550102030",
      defaultPackType: "8_60",
      clientSwims: false,
      swimmers: [
        { firstName: leo, lastName, photoPermission: false },
        { firstName: mia, lastName, photoPermission: true },
      ],
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  // Edit Client: the parent is the account holder, with no Remove; a second guardian is invited.
  await page.goto(`/clients-list?q=${encodeURIComponent(lastName.toLowerCase())}`);
  await page.getByRole("button", { name: `Edit Paula ${lastName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Client" });
  const guardians = dialog.getByRole("region", { name: "Guardians" });
  const holder = guardians.getByRole("list", { name: "Guardians" }).getByRole("listitem").filter({
    hasText: parentEmail,
  });
  await expect(holder).toContainText(`Paula ${lastName} (account holder)`);
  await expect(holder.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await expect(guardians).toContainText("No invitation is waiting for an answer.");

  const invited = uniqueEmail("second");
  const invite = guardians.getByRole("form", { name: "Invite a guardian" });
  await invite.getByLabel("Their email").fill(invited);
  await invite.getByLabel("Book and cancel classes").check();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").getByText(guardianMessages.invitationSent(invited))).toBeVisible();
  // Each invitation, not the list of what it allows inside it.
  const waiting = guardians.getByRole("list", { name: "Pending invitations" }).locator(":scope > li");
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText(invited);
  await expect(waiting).toContainText("Book and cancel classes");
  await expect(waiting).toContainText("See progress, feedback and photos");
  await expect(waiting.getByRole("button", { name: `Revoke the invitation to ${invited}` })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  // A second invitation, revoked after the confirmation: the first one still waits.
  const other = uniqueEmail("other");
  await invite.getByLabel("Their email").fill(other);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(waiting).toHaveCount(2);
  await waiting.getByRole("button", { name: `Revoke the invitation to ${other}` }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await expect(confirm).toContainText(
    `Revoke the invitation to ${other}? The link in their mail stops working.`,
  );
  await confirm.getByRole("button", { name: "Revoke invitation" }).click();
  await expect(page.getByRole("status").getByText(guardianMessages.invitationRevoked)).toBeVisible();
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText(invited);

  // /admin-milestones: whose photo it is, required; the child without photo permission is listed but disabled.
  await page.goto("/admin-milestones");
  await page.getByRole("combobox", { name: "Search clients by name" }).fill(lastName);
  await page.getByRole("listbox", { name: "Matching clients" }).getByRole("option").first().click();
  await expect(page.getByText("Selected client:")).toContainText(lastName);
  const swimmer = page.getByLabel("Swimmer", { exact: true });
  await expect(
    swimmer.locator("option", { hasText: `${leo} ${lastName} (no photo permission)` }),
  ).toBeDisabled();
  await expect(swimmer.locator("option", { hasText: `${mia} ${lastName}` })).toBeEnabled();
  await expect(
    swimmer.selectOption({ label: `${leo} ${lastName} (no photo permission)` }, { timeout: 1_000 }),
  ).rejects.toThrow();

  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#1470be" } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel("Milestone image (PNG or JPEG)")
    .setInputFiles({ name: "first-dive.jpg", mimeType: "image/jpeg", buffer: jpeg });
  const upload = page.getByRole("button", { name: "Upload Milestone" });
  await expect(upload).toBeDisabled();
  await expect(page.getByText("Please choose the swimmer.")).toBeVisible();
  await swimmer.selectOption({ label: `${mia} ${lastName}` });
  await upload.click();
  await expect(page.getByRole("status").getByText(mediaMessages.milestoneUploaded)).toBeVisible();
  const list = page.getByRole("list", { name: `Milestones of Paula ${lastName}` });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem")).toContainText(`${mia} ${lastName}`);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // /admin-gallery asks the same; a video link is sent for the chosen child and listed under the child's name.
  await page.goto("/admin-gallery");
  await page.getByRole("combobox", { name: "Search clients by name" }).fill(lastName);
  await page.getByRole("listbox", { name: "Matching clients" }).getByRole("option").first().click();
  await page.getByLabel("Media type").selectOption("video");
  await page.getByLabel("Video link").fill("https://video.example/first-dive");
  await page.getByLabel("Date").fill("2026-01-09");
  const toGallery = page.getByRole("button", { name: "Upload to Gallery" });
  await expect(toGallery).toBeDisabled();
  await page.getByLabel("Swimmer", { exact: true }).selectOption({ label: `${mia} ${lastName}` });
  await toGallery.click();
  await expect(page.getByRole("status").getByText(mediaMessages.galleryVideoUploaded)).toBeVisible();
  const gallery = page.getByRole("list", { name: `Gallery of Paula ${lastName}` });
  await expect(gallery.getByRole("listitem")).toHaveCount(1);
  await expect(gallery.getByRole("listitem")).toContainText(`${mia} ${lastName}`);
});

// The Edit Client dialog is laid out at both widths in the test above; removing is the server's rule and one click.
test("the admin removes a family's second guardian from Edit Client, after a confirmation; their session ends at once", {
  tag: "@desktop-only",
}, async ({ page, signedInAs, adminApi }) => {
  await signedInAs("admin");
  const lastName = uniqueName("Removal");
  const registered = await adminApi.post("/api/clients", {
    data: {
      firstName: "Rosa",
      lastName,
      email: uniqueEmail("removal"),
      phoneNumber: "5550102031",
      defaultPackType: "8_60",
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { client } = (await registered.json()) as { client: { id: string } };
  const clientId = client.id;
  const second = uniqueEmail("second-guardian");
  const invited = await adminApi.post(`/api/clients/${clientId}/guardians/invitations`, {
    data: { email: second, permissions: { book: true, pay: false, progress: true, mail: true } },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(await mailedInvitationLink(second)).searchParams.get("token");
  // The invited person opens their account and signs in, in a context of their own.
  const guardian = await request.newContext({ baseURL });
  const password = "second-guardian-password";
  const accepted = await adminApi.post("/api/guardian-invitations/accept", {
    data: { token, firstName: "Tomas", lastName, password },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  expect((await guardian.post("/api/session/sign-in", { data: { email: second, password } })).status()).toBe(
    200,
  );
  const familyBookings = `/api/clients/${clientId}/bookings`;
  expect((await guardian.get(familyBookings)).status()).toBe(200);

  await page.goto(`/clients-list?q=${encodeURIComponent(lastName.toLowerCase())}`);
  await page.getByRole("button", { name: `Edit Rosa ${lastName}` }).click();
  const guardians = page
    .getByRole("dialog", { name: "Edit Client" })
    .getByRole("region", { name: "Guardians" });
  const members = guardians.getByRole("list", { name: "Guardians" }).locator(":scope > li");
  await expect(members).toHaveCount(2);
  await guardians.getByRole("button", { name: `Remove guardian Tomas ${lastName}` }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await expect(confirm).toContainText(
    `Remove Tomas ${lastName} from this family? They are signed out at once and can no longer sign in.`,
  );
  await confirm.getByRole("button", { name: "Remove guardian" }).click();
  await expect(page.getByRole("status").getByText(guardianMessages.guardianRemoved)).toBeVisible();
  await expect(members).toHaveCount(1);
  await expect(members).toContainText(`Rosa ${lastName} (account holder)`);

  // Their next request finds no session, and their login is gone with them (spec: 404 user-not-found).
  expect((await guardian.get(familyBookings)).status()).toBe(401);
  const again = await guardian.post("/api/session/sign-in", { data: { email: second, password } });
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe("user-not-found");
  await guardian.dispose();
});
