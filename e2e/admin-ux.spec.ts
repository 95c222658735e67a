import type { Page } from "@playwright/test";
import content from "../src/content/site.json" with { type: "json" };
import { fieldMessages } from "../src/domain/fields.ts";
import { messages } from "../src/domain/messages.ts";
import { expect, test, uniqueEmail, uniqueName } from "./fixtures.ts";
import { expectNoSeriousA11yViolations, expectOverlayClosed, receivedMail } from "./support.ts";

/**
 * The admin pages as an instructor meets them, at 1440 px and 375 px (both Playwright projects); a test tagged
 * @desktop-only checks what cannot differ with the width and runs at 1440 px alone.
 */

const narrow = (page: Page) => (page.viewportSize()?.width ?? 0) <= 768;

async function fillRegisterForm(page: Page, fields: { lastName: string; email: string; phone: string }) {
  const form = page.getByRole("region", { name: "New client" });
  await form.getByLabel("First name").fill("Rosa");
  await form.getByLabel("Last name").fill(fields.lastName);
  await form.getByLabel("Email").fill(fields.email);
  await form.getByLabel("Phone number").fill(fields.phone);
  await form.getByLabel("Package").selectOption("4_55");
  await form.getByRole("button", { name: "Register Client" }).click();
  return form;
}

test("a new client's password shows in the spec's toast and stays in a dialog with Copy until the admin closes it", async ({
  page,
  context,
  signedInAs,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedInAs("admin");
  await page.goto("/admin");
  await fillRegisterForm(page, {
    lastName: uniqueName("Keep"),
    email: uniqueEmail("keep"),
    phone: "5550103030",
  });

  const toast = page.getByRole("status").getByText(/^Client registered! Password: /);
  await expect(toast).toBeVisible();
  const password = /Password: (\S{8})$/.exec((await toast.textContent()) ?? "")?.[1] as string;
  expect(password).toHaveLength(8);

  const dialog = page.getByRole("dialog", { name: "Temporary password" });
  await expect(dialog.getByLabel(/^Temporary password for Rosa /)).toHaveValue(password);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Copied to the clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);

  // The toast goes after 3 seconds (spec §8); the dialog does not.
  await expect(toast).toBeHidden({ timeout: 5_000 });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox")).toHaveValue(password);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
});

// Server and mail; the Edit Client and Temporary password dialogs are laid out at both widths in the tests around.
test("from Edit Client the admin gives a client who lost theirs a new temporary password, or mails a reset link", {
  tag: "@desktop-only",
}, async ({ page, request, signedInAs, newClient }) => {
  await signedInAs("admin");
  const client = await newClient({ firstName: "Lena", lastName: uniqueName("Lost"), choosePassword: false });
  const { lastName } = client;

  await page.goto(`/clients-list?q=${lastName}`);
  await page.getByRole("button", { name: `Edit Lena ${lastName}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Client" });
  await edit.getByRole("button", { name: "New temporary password" }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await expect(confirm).toContainText("Their current password stops working");
  await confirm.getByRole("button", { name: "Give new password" }).click();

  const shown = page.getByRole("dialog", { name: "Temporary password" });
  const fresh = await shown.getByRole("textbox").inputValue();
  expect(fresh).toMatch(/^[A-Za-z2-9]{8}$/);
  expect(fresh).not.toBe(client.temporaryPassword);
  await expect(
    page.getByRole("status").filter({ hasText: messages.temporaryPasswordIssued(fresh) }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shown.getByRole("button", { name: "Done" }).click();

  // The old password no longer works; the new one does, and must be changed first (a separate browser).
  const old = await request.post("/api/session/sign-in", {
    data: { email: client.email, password: client.temporaryPassword },
  });
  expect(old.status()).toBe(401);
  const signedIn = await request.post("/api/session/sign-in", {
    data: { email: client.email, password: fresh },
  });
  expect(await signedIn.json()).toEqual({ role: "client", mustChangePassword: true });

  await edit.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: messages.resetLinkSentTo(client.email) }),
  ).toBeVisible();
  await expect(async () => {
    const mail = (await receivedMail()).find((m) => m.to.includes(client.email));
    expect(mail?.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=")).toMatch(/\/reset-password\?token=[\w-]+/);
    // Another spec takes the SMTP server down for a moment; a mail that failed then is retried a second later.
  }).toPass({ timeout: 10_000 });
});

test("the Edit Client dialog closes with its visible Close button and with Cancel", async ({
  page,
  signedInAs,
  newClient,
}) => {
  await signedInAs("admin");
  const { lastName } = await newClient({
    firstName: "Cal",
    lastName: uniqueName("Shut"),
    choosePassword: false,
  });
  await page.goto(`/clients-list?q=${lastName}`);
  const edit = page.getByRole("dialog", { name: "Edit Client" });
  const opener = page.getByRole("button", { name: `Edit Cal ${lastName}` });

  await opener.click();
  await expect(edit.getByLabel("First name")).toHaveValue("Cal");
  const close = edit.getByRole("button", { name: "Close", exact: true });
  await expect(close).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await close.click();
  await expect(edit).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await edit.getByLabel("First name").fill("Not saved");
  await edit.getByRole("button", { name: "Cancel" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: lastName })).toContainText("Cal");
});

test("an admin on a public or client page gets a slim bar with Back to admin and Logout", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("admin", { ownSession: true });
  await page.goto("/services");
  const bar = page.getByRole("banner");
  await expect(bar.getByRole("link", { name: "Back to admin" })).toBeVisible();
  await expect(bar.getByRole("button", { name: "Logout" })).toBeVisible();
  // The spec hides the public navigation and the footer from admins: the bar takes their place.
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  const box = await bar.boundingBox();
  expect(box?.height).toBeLessThanOrEqual(narrow(page) ? 130 : 72);

  await bar.getByRole("link", { name: "Back to admin" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Register Client" })).toBeVisible();

  await page.goto("/client-panel");
  await expect(page.getByRole("banner").getByRole("link", { name: "Back to admin" })).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await (await page.request.get("/api/session")).json()).toEqual({ user: null });
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

// Which page a change of layout starts at cannot differ with the width.
test("an admin who logs out from far down an admin page lands at the top of the home page", {
  tag: "@desktop-only",
}, async ({ page, signedInAs }) => {
  await signedInAs("admin", { ownSession: true });
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Register Client" })).toBeVisible();
  await page.evaluate(() => {
    document.body.style.minHeight = "4000px";
    window.scrollTo(0, 1500);
  });
  expect(await page.evaluate(() => window.scrollY)).toBe(1500);
  // Dispatched, not clicked: a click would first scroll the top bar's button into view.
  await page.getByRole("button", { name: "Logout" }).dispatchEvent("click");
  await expect(page.getByRole("heading", { level: 1, name: content.home.hero.headline })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("/clients-list is a table with aligned actions on a desktop and cards with the actions in view on a phone", async ({
  page,
  signedInAs,
  newClient,
}) => {
  await signedInAs("admin");
  const { lastName } = await newClient({
    firstName: "Maximiliana",
    lastName: uniqueName("Card"),
    choosePassword: false,
  });
  await page.goto(`/clients-list?q=${lastName}`);
  const row = page.getByRole("row").filter({ hasText: lastName });
  const edit = row.getByRole("button", { name: `Edit Maximiliana ${lastName}` });
  const remove = row.getByRole("button", { name: `Delete Maximiliana ${lastName}` });
  await expect(edit).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  // Nothing scrolls sideways, and both actions sit fully inside the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  for (const button of [edit, remove]) {
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= viewport.width).toBe(true);
    expect(box?.height).toBeGreaterThanOrEqual(36);
  }
  const rowBox = await row.boundingBox();
  const cells = row.getByRole("cell");
  if (narrow(page)) {
    // A card: the name as its title, then labelled lines, then the actions.
    await expect(row.getByRole("cell").first()).toHaveText(`Maximiliana ${lastName}`);
    expect(await cells.nth(1).evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe(
      '"Email: "',
    );
    const nameBox = await cells.first().boundingBox();
    const actionsBox = await cells.last().boundingBox();
    expect((actionsBox?.y ?? 0) > (nameBox?.y ?? 0)).toBe(true);
  } else {
    // A short row (at most two lines), and every cell of it (the Actions one included) shares its top and bottom.
    expect(rowBox?.height).toBeLessThan(90);
    const boxes = await cells.evaluateAll((all) =>
      all.map((cell) => {
        const rect = cell.getBoundingClientRect();
        return { top: Math.round(rect.top), bottom: Math.round(rect.bottom) };
      }),
    );
    expect(new Set(boxes.map((box) => `${box.top}-${box.bottom}`)).size).toBe(1);
  }
});

// The address and history; the list itself is laid out at both widths in the test above.
test("/clients-list keeps its search and page in the address: reload and Back return to them", {
  tag: "@desktop-only",
}, async ({ page, signedInAs, newClient }) => {
  await signedInAs("admin");
  const family = uniqueName("Pager");
  // Listed by first name, whatever order they are registered in.
  await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      newClient({ firstName: `Kid${String(i).padStart(2, "0")}`, lastName: family, choosePassword: false }),
    ),
  );

  await page.goto("/clients-list");
  await page.getByLabel("Search by name").fill(family);
  await expect(page).toHaveURL(new RegExp(`\\?q=${family}$`));
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${family}&p=2$`));
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(3); // header + clients 11 and 12

  await page.reload();
  await expect(page.getByLabel("Search by name")).toHaveValue(family);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(3);

  await page.goto("/admin");
  await page.goBack();
  await expect(page.getByLabel("Search by name")).toHaveValue(family);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  // Each page is a step of history: Back goes to page 1 of the same search.
  await page.goBack();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await expect(page.getByLabel("Search by name")).toHaveValue(family);
  await expectNoSeriousA11yViolations(page);
});

test("the admin's side menu: a drawer on a phone that takes focus, keeps Tab, closes on Escape and gives focus back", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("admin");
  await page.goto("/clients-list");
  const menu = page.getByRole("navigation", { name: "Admin" });
  if (!narrow(page)) {
    // Above 768 px the menu is a sidebar that is always there: no Menu button, and Escape changes nothing.
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(menu).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    return;
  }
  const button = page.getByRole("button", { name: "Menu", exact: true });
  await expect(menu).toBeHidden();
  await button.click();
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(menu.getByRole("link", { name: "Clients" })).toBeFocused(); // the current page's link
  await expectNoSeriousA11yViolations(page);

  // Tab stays inside: the drawer ends with the language switch below the menu; from it Tab comes back to the first
  // link, and back.
  const links = menu.getByRole("link");
  const language = page.getByRole("link", { name: "Español" });
  await links.last().focus();
  await page.keyboard.press("Tab");
  await expect(language).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(links.first()).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(language).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");
});

// The server's rule and where its words go; the form is laid out at both widths in the first test.
test("Register Client takes '+1 (555) 123-4567', stores one form of it, and says by the field what is wrong with a bad number", {
  tag: "@desktop-only",
}, async ({ page, signedInAs }) => {
  await signedInAs("admin");
  await page.goto("/admin");
  const lastName = uniqueName("Phone");
  const form = await fillRegisterForm(page, {
    lastName,
    email: uniqueEmail("phone"),
    phone: "+1 (555) 123-4567",
  });
  const kept = page.getByRole("dialog", { name: "Temporary password" });
  await expect(kept).toBeVisible();
  await kept.getByRole("button", { name: "Done" }).click();
  await expectOverlayClosed(page, kept);
  await page.goto(`/clients-list?q=${lastName}`);
  await expect(page.getByRole("row").filter({ hasText: lastName })).toContainText("+1 (555) 123-4567");

  await page.goto("/admin");
  await fillRegisterForm(page, { lastName: `${lastName}b`, email: uniqueEmail("phone"), phone: "12" });
  const phone = form.getByLabel("Phone number");
  // The browser let it through (no pattern); the server's words appear under the field and describe it.
  expect(await phone.evaluate((input) => (input as HTMLInputElement).validity.valid)).toBe(true);
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(messages.registrationFailed(fieldMessages.phoneInvalid));
  await expect(phone).toBeFocused();
  await expect(phone).toHaveValue("12"); // nothing typed is lost
  await expectNoSeriousA11yViolations(page);
});

// Issue 24, friction 9: phone numbers read as raw digits ("+15552013344") in Clients and Edit Client. Both widths:
// the table is a card per client at 375 px, where the number is tapped to call.
test("Clients and Edit Client show a phone grouped for reading, as a link that calls it; it is stored as before", async ({
  page,
  signedInAs,
  newClient,
  adminApi,
}) => {
  await signedInAs("admin");
  const client = await newClient({
    firstName: "Tel",
    lastName: uniqueName("Phone"),
    phoneNumber: "+15552013344",
  });
  await page.goto("/clients-list");
  await page.getByLabel("Search by name").fill(client.lastName);
  const row = page.getByRole("row").filter({ hasText: client.email });
  await expect(row.getByRole("link", { name: "+1 (555) 201-3344" })).toHaveAttribute(
    "href",
    "tel:+15552013344",
  );
  await expect(row).not.toContainText("+15552013344");

  await page.getByRole("button", { name: `Edit ${client.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Client" });
  await expect(dialog.getByLabel("Phone number")).toHaveValue("+1 (555) 201-3344");
  await expect(dialog.getByRole("link", { name: "Call +1 (555) 201-3344" })).toHaveAttribute(
    "href",
    "tel:+15552013344",
  );
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status").filter({ hasText: messages.clientUpdated })).toBeVisible();
  // Saved from its grouped form, the number is stored as it was: its digits and "+".
  const found = await adminApi.get(`/api/clients?${new URLSearchParams({ search: client.lastName })}`);
  const { items } = (await found.json()) as { items: { email: string; phoneNumber: string }[] };
  expect(items.find((item) => item.email === client.email)?.phoneNumber).toBe("+15552013344");
});

// Issue 24, friction 10, met at 1440 px, where the phone and the package share a row of the register form.
test("the register form's Package select keeps its height when the phone's error shows under the field beside it", {
  tag: "@desktop-only",
}, async ({ page, signedInAs }) => {
  await signedInAs("admin");
  await page.goto("/admin");
  const form = page.getByRole("region", { name: "New client" });
  const heightOf = async (name: string) => (await form.getByLabel(name).boundingBox())?.height ?? 0;
  const before = await heightOf("Package");
  expect(before).toBeGreaterThan(0);
  await fillRegisterForm(page, { lastName: uniqueName("Tall"), email: uniqueEmail("tall"), phone: "12" });
  await expect(form.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
  // Side by side, as met: the error grows the row they share.
  const phoneBox = await form.getByLabel("Phone number").boundingBox();
  const packageBox = await form.getByLabel("Package").boundingBox();
  expect(Math.round(packageBox?.y ?? 0)).toBe(Math.round(phoneBox?.y ?? -1));
  expect(await heightOf("Package")).toBe(before);
});

// Issue 24, friction 10: the side menu scrolled off the top of a long page (above 768 px; at 375 px it is a drawer).
test("the admin side menu stays in view at the foot of a long page", { tag: "@desktop-only" }, async ({
  page,
  signedInAs,
  newClient,
}) => {
  await signedInAs("admin");
  const client = await newClient({ firstName: "Long", lastName: uniqueName("Page") });
  // A laptop's window: the page is several screens long, the owner's fifteen links fit beside it.
  await page.setViewportSize({ width: 1440, height: 720 });
  await page.goto("/admin");
  // The Edit Client panel above the registration form: a page a few screens long.
  await page.getByRole("combobox", { name: "Search clients by name" }).fill(client.lastName);
  await page.getByRole("listbox", { name: "Matching clients" }).getByRole("option").first().click();
  await expect(page.getByRole("region", { name: "Edit Client" })).toBeVisible();
  // Long enough to scroll well past the menu's first link.
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
  ).toBeGreaterThan(200);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const menu = page.getByRole("navigation", { name: "Admin" });
  await expect(menu.getByRole("link").first()).toBeInViewport({ ratio: 1 });
  await expect(menu.getByRole("link").last()).toBeInViewport({ ratio: 1 });
  // Below the top bar, not under it.
  const bar = await page.getByRole("banner").boundingBox();
  const first = await menu.getByRole("link").first().boundingBox();
  expect(first?.y ?? 0).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 64));
  // A window too short for every link: the menu scrolls on its own, below the bar and above the window's foot.
  await page.setViewportSize({ width: 1440, height: 420 });
  await expect(async () => {
    const nav = await menu.boundingBox();
    expect(nav?.y ?? 0).toBeGreaterThanOrEqual(bar?.height ?? 64);
    expect((nav?.y ?? 0) + (nav?.height ?? 0)).toBeLessThanOrEqual(420);
  }).toPass();
});
