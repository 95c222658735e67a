import type { Page } from "@playwright/test";
import { authErrorMessages, messages } from "../src/domain/messages.ts";
import { e2eAdmin, e2eSignInFailureLimit } from "./e2e-env.ts";
import { allowPageNoise, expect, test, uniqueEmail, uniqueName } from "./fixtures.ts";
import {
  buyPackageAsAdmin,
  expectNoSeriousA11yViolations,
  expectOverlayClosed,
  receivedMail,
} from "./support.ts";

/**
 * Tests tagged @desktop-only check what cannot differ with the width (server rules, guards, messages, mail): they
 * run at 1440 px alone; the rest run at 375 px too (playwright.config.ts).
 */

/** Signs in through the Login modal, as a person does. */
async function signInWithModal(page: Page, email: string, password: string) {
  await openLogin(page);
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
}

/**
 * Opens the Login dialog, from /services when no page is open yet: the dialog is the same on every page, and the
 * home page's video and reels would only slow the test (and its axe run) down.
 */
async function openLogin(page: Page) {
  if (!page.url().startsWith("http")) await page.goto("/services");
  const wide = (page.viewportSize()?.width ?? 0) > 768;
  if (!wide) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
}

/** Registers a client through the admin's form and returns the temporary password shown in the toast. */
async function registerClient(page: Page, client: { firstName: string; lastName: string; email: string }) {
  await page.goto("/admin");
  const form = page.getByRole("region", { name: "New client" });
  await form.getByLabel("First name").fill(client.firstName);
  await form.getByLabel("Last name").fill(client.lastName);
  await form.getByLabel("Email").fill(client.email);
  await form.getByLabel("Phone number").fill("5550102020");
  await form.getByLabel("Package").selectOption("8_55");
  await form.getByRole("button", { name: "Register Client" }).click();
  const toast = page.getByRole("status").getByText(/^Client registered! Password: /);
  await expect(toast).toBeVisible();
  const password = /Password: (\S{8})$/.exec((await toast.textContent()) ?? "")?.[1];
  expect(password).toHaveLength(8);
  // The same password stays in a dialog until the admin closes it.
  const kept = page.getByRole("dialog", { name: "Temporary password" });
  await expect(kept.getByRole("textbox")).toHaveValue(password as string);
  await kept.getByRole("button", { name: "Done" }).click();
  await expectOverlayClosed(page, kept);
  return password as string;
}

test("admin registers a client; the client signs in with the toast's password, chooses a new one, lands on /client-panel", async ({
  page,
}) => {
  // The whole first week in one test: two sign-ins through the dialog, six page loads (each fetching its words) and
  // two accessibility scans take 45 to 62 s on two cores shared with the PostgreSQL pass.
  test.slow();
  await page.goto("/");
  await signInWithModal(page, e2eAdmin.email, e2eAdmin.password);
  // The owner lands on the overview (issue 30); Register Client is the admin menu's next stop.
  await expect(page).toHaveURL(/\/overview$/);
  await (await adminMenuLink(page, "Register Client")).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Register Client" })).toBeVisible();
  // History was replaced: Back does not return to the page the admin signed in from.
  const email = uniqueEmail("maria");
  const temporary = await registerClient(page, { firstName: "María", lastName: "López", email });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);

  await signInWithModal(page, email, temporary);
  await expect(page).toHaveURL(/\/change-password$/);
  // Issue 24, friction 11, met on a parent's phone: the temporary password, just typed, is asked again. The page
  // says why instead of carrying it over (which would mean the address or the browser's storage).
  await expect(page.getByLabel("Temporary password")).toHaveAccessibleDescription(
    "The one you just signed in with. It is asked again because the site never keeps it, not even in your browser, and so that only you can choose the new one.",
  );
  expect(page.url()).not.toContain(temporary);
  expect(
    await page.evaluate(
      (secret) =>
        JSON.stringify({ ...localStorage }).includes(secret) ||
        JSON.stringify({ ...sessionStorage }).includes(secret),
      temporary,
    ),
  ).toBe(false);
  await page.getByLabel("Temporary password").fill(temporary);
  await page.getByLabel("New password", { exact: true }).fill("chosen-by-maria");
  await page.getByLabel("Confirm new password").fill("chosen-by-maria");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page).toHaveURL(/\/client-panel$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
  await expectNoSeriousA11yViolations(page);

  // The temporary password no longer works; the chosen one does.
  await page.request.post("/api/session/sign-out");
  const old = await page.request.post("/api/session/sign-in", { data: { email, password: temporary } });
  expect(old.status()).toBe(401);
  const chosen = await page.request.post("/api/session/sign-in", {
    data: { email, password: "chosen-by-maria" },
  });
  expect(chosen.status()).toBe(200);
});

// History is the same at every width; signing in from the phone's menu is the test above, at 375 px.
test("after sign-in the admin's history is replaced: Back leaves the site's sign-in page behind", {
  tag: "@desktop-only",
}, async ({ page }) => {
  await page.goto("/services");
  await signInWithModal(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goBack();
  await expect(page).not.toHaveURL(/\/services$/);
});

test("a client typing /admin is sent to /client-panel; a visitor typing /progress is sent home", {
  tag: "@desktop-only",
}, async ({ page, browser, signedInAs }) => {
  await signedInAs("client");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/client-panel$/);
  await page.goto("/clients-list");
  await expect(page).toHaveURL(/\/client-panel$/);
  // The server refuses what the guard hides.
  expect((await page.request.get("/api/clients")).status()).toBe(403);

  const visitor = await browser.newPage();
  await visitor.goto("/progress");
  await expect(visitor).toHaveURL(/\/$/);
  await visitor.goto("/admin");
  await expect(visitor).toHaveURL(/\/$/);
  await visitor.close();
});

test("a signed-in client sees the public header without its left links, a Menu dropdown and Logout, and no footer", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("client");
  await page.goto("/client-panel");
  const header = page.getByRole("banner");
  await expect(header).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(
    header
      .getByRole("button", { name: "Logout" })
      .or(page.getByRole("button", { name: "Open menu" }))
      .first(),
  ).toBeVisible();
});

test("an admin sees the admin chrome, never the public header or footer", async ({ page, signedInAs }) => {
  await signedInAs("admin");
  await page.goto("/clients-list");
  await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  const wide = (page.viewportSize()?.width ?? 0) > 768;
  if (!wide) {
    // At 768 px or less the side menu is a drawer behind the Menu button.
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
  }
  const menu = page.getByRole("navigation", { name: "Admin" });
  await expect(menu.getByRole("link")).toHaveText([
    "Overview",
    "Reports",
    "Register Client",
    "Create Booking",
    "Clients",
    "Today",
    "Manage Bookings",
    "Add Feedback",
    "Add Milestones",
    "Gallery",
    "Newsletter",
    "Instructors",
    "Curriculum",
    "School settings",
    "Audit log",
  ]);
  await expect(menu.getByRole("link", { name: "Clients" })).toHaveAttribute("aria-current", "page");
  await menu.getByRole("link", { name: "Create Booking" }).click();
  await expect(page).toHaveURL(/\/admin\?showBooking=true$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create Booking" })).toBeVisible();
  await page.goto("/services");
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
});

/** The side menu's link, behind the Menu button at 768 px or less. */
async function adminMenuLink(page: Page, name: string) {
  const menu = page.getByRole("navigation", { name: "Admin" });
  if ((page.viewportSize()?.width ?? 0) <= 768) await page.getByRole("button", { name: "Menu" }).click();
  return menu.getByRole("link", { name, exact: true });
}

test("on /admin the admin finds a client with the keyboard and edits it in the Edit Client panel", {
  tag: "@desktop-only",
}, async ({ page, signedInAs, newClient }) => {
  await signedInAs("admin");
  const { email, lastName } = await newClient({ firstName: "Noor", lastName: uniqueName("Kay") });
  await page.goto("/admin");

  const search = page.getByRole("combobox", { name: "Search clients by name" });
  await search.fill(lastName.toLowerCase());
  const results = page.getByRole("listbox", { name: "Matching clients" });
  await expect(results.getByRole("option")).toHaveCount(1);
  await expect(search).toHaveAttribute("aria-expanded", "true");
  await expectNoSeriousA11yViolations(page);
  await search.press("ArrowDown");
  await expect(results.getByRole("option", { selected: true })).toContainText(email);
  await search.press("Enter");

  const panel = page.getByRole("region", { name: "Edit Client" });
  await expect(panel.getByLabel("Last name")).toHaveValue(lastName);
  await expect(search).toHaveValue("");
  await expect(results).toBeHidden();
  await panel.getByLabel("Phone number").fill("5550107777");
  await panel.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status").filter({ hasText: messages.clientUpdated })).toBeVisible();
  await expect(panel).toBeHidden();
});

test("the side menu switches /admin between Register Client and Create Booking in place; the link opens Create Booking", async ({
  page,
  signedInAs,
  newClient,
}) => {
  await signedInAs("admin");
  const { email, lastName } = await newClient({ firstName: "Ola", lastName: uniqueName("Bee") });
  await page.goto("/admin");

  await (await adminMenuLink(page, "Create Booking")).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create Booking" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/); // local state: already on /admin, no navigation
  // The drawer closed on the pick at 768 px or less: read the menu without opening it again.
  await expect(page.getByRole("link", { name: "Create Booking", includeHidden: true })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Create Booking starts with the same client search; picking a client (here with the mouse) answers at once: this
  // one has no plan to book from (booking itself: e2e/bookings-admin.spec.ts).
  await page.getByRole("combobox", { name: "Search clients by name" }).fill(lastName);
  await page.getByRole("option").filter({ hasText: email }).click();
  await expect(page.getByRole("alert").filter({ hasText: messages.noActiveSubscription })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await (await adminMenuLink(page, "Register Client")).click();
  await expect(page.getByRole("heading", { level: 1, name: "Register Client" })).toBeVisible();

  // From another page the menu's link carries the view in the URL, so it also survives a reload.
  await page.goto("/clients-list");
  await (await adminMenuLink(page, "Create Booking")).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create Booking" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Create Booking" })).toBeVisible();
});

test("the admin searches, edits and deletes a client from /clients-list", { tag: "@desktop-only" }, async ({
  page,
  signedInAs,
  newClient,
}) => {
  await signedInAs("admin");
  const { email, lastName } = await newClient({ firstName: "Quinn", lastName: uniqueName("Zed") });

  await page.goto("/clients-list");
  await page.getByLabel("Search by name").fill(lastName.toLowerCase().slice(1));
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(2); // header + the one match
  await expect(row).toContainText("8 classes");

  await row.getByRole("button", { name: `Edit Quinn ${lastName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Client" });
  await dialog.getByLabel("First name").fill("Quincy");
  await dialog.getByLabel("Package", { exact: true }).selectOption("4_50");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status").filter({ hasText: messages.clientUpdated })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Quincy");
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("4 classes");

  await page
    .getByRole("row")
    .filter({ hasText: email })
    .getByRole("button", { name: /^Delete/ })
    .click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await expect(confirm).toContainText(messages.confirmDeleteClient);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: messages.clientDeleted })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  // The toast goes away on its own after 3 seconds.
  await expect(page.getByRole("status").filter({ hasText: messages.clientDeleted })).toBeHidden({
    timeout: 5_000,
  });
});

test("while a client has an active subscription the package cannot be changed; the rest can", {
  tag: "@desktop-only",
}, async ({ page, signedInAs, newClient }) => {
  await signedInAs("admin");
  const { email, lastName } = await newClient({ firstName: "Pia", lastName: uniqueName("Sub") });
  await buyPackageAsAdmin(page, { email, lastName });

  await page.goto("/clients-list");
  await page.getByLabel("Search by name").fill(lastName);
  // Pick the row once the list shows the search's answer: the unsearched page may hold it too, and a click while
  // the list changes under the pointer lands where the row was.
  await expect(page.getByRole("row")).toHaveCount(2); // header + the one match
  await page.getByRole("button", { name: `Edit Pia ${lastName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Client" });
  await expect(dialog.getByLabel("Package", { exact: true })).toBeDisabled();
  await expect(dialog.getByLabel("Package", { exact: true })).toHaveValue("8_55");
  await expect(dialog).toContainText(messages.packLocked);
  await dialog.getByLabel("Phone number").fill("5550109999");
  await dialog.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status").filter({ hasText: messages.clientUpdated })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("(555) 010-9999");
});

test("registering an email that is taken shows 'Error: …' in a red toast", { tag: "@desktop-only" }, async ({
  page,
  signedInAs,
  newClient,
}) => {
  await signedInAs("admin");
  const { email } = await newClient({ firstName: "Ann", lastName: "Twice", choosePassword: false });
  await page.goto("/admin");
  const form = page.getByRole("region", { name: "New client" });
  await form.getByLabel("First name").fill("Ann");
  await form.getByLabel("Last name").fill("Again");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone number").fill("5550102020");
  await form.getByLabel("Package").selectOption("4_60");
  await form.getByRole("button", { name: "Register Client" }).click();
  const toast = page
    .getByRole("alert")
    .filter({ hasText: /^Error: / })
    .first();
  await expect(toast).toContainText("already in use");
  // Nothing typed is lost.
  await expect(form.getByLabel("Last name")).toHaveValue("Again");
});

test.describe("sign-in messages", { tag: "@desktop-only" }, () => {
  test("unknown email, wrong password, network error", async ({ page, context }) => {
    await page.goto("/services");
    await signInWithModal(page, uniqueEmail("nobody"), "whatever-123");
    const dialog = page.getByRole("dialog", { name: "Login" });
    await expect(dialog.getByRole("alert")).toHaveText(authErrorMessages["user-not-found"]);

    await dialog.getByLabel("Email").fill(e2eAdmin.email);
    await dialog.getByLabel("Password").fill("not-the-password");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(authErrorMessages["wrong-password"]);
    await expectNoSeriousA11yViolations(page);

    allowPageNoise(/ERR_INTERNET_DISCONNECTED/); // the network is taken away on purpose
    await context.setOffline(true);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(authErrorMessages["network-request-failed"]);
    await context.setOffline(false);
  });

  test("an address the browser accepts but that is no valid email gets 'Invalid email format'", async ({
    page,
  }) => {
    await signInWithModal(page, "maria@localhost", "whatever-123");
    await expect(page.getByRole("dialog", { name: "Login" }).getByRole("alert")).toHaveText(
      authErrorMessages["invalid-credential"],
    );
  });

  test("after the account's limit of failed attempts the next sign-in says to wait or reset", async ({
    page,
    newClient,
  }) => {
    // A client of its own: the lock would turn away every other test signing this account in.
    const client = await newClient();
    for (let attempt = 0; attempt < e2eSignInFailureLimit; attempt++) {
      const response = await page.request.post("/api/session/sign-in", {
        data: { email: client.email, password: `wrong-${attempt}` },
      });
      expect(response.status()).toBe(401);
    }
    await page.goto("/services");
    await signInWithModal(page, client.email, client.password);
    await expect(page.getByRole("dialog", { name: "Login" }).getByRole("alert")).toHaveText(
      authErrorMessages["too-many-requests"],
    );
  });

  test("empty fields are refused before anything is sent", async ({ page }) => {
    await openLogin(page);
    let sent = false;
    page.on("request", (request) => {
      if (request.url().includes("/api/session/sign-in")) sent = true;
    });
    await page.getByRole("dialog", { name: "Login" }).getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("dialog", { name: "Login" }).getByLabel("Email")).toBeFocused();
    expect(sent).toBe(false);
  });

  test("Create Account leads to /contact", async ({ page }) => {
    await openLogin(page);
    await page.getByRole("dialog", { name: "Login" }).getByRole("link", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test.describe("password reset", { tag: "@desktop-only" }, () => {
  test("empty and unknown emails get the spec's messages", async ({ page }) => {
    await openLogin(page);
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset Password" });
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(messages.resetEmailRequired);
    await dialog.getByLabel("Email").fill(uniqueEmail("stranger"));
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(messages.resetEmailNotRegistered);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test("a client resets the password through the mailed link, which then stops working", async ({
    page,
    browser,
    newClient,
  }) => {
    const client = await newClient();
    await page.goto("/services");
    await openLogin(page);
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset Password" });
    await dialog.getByLabel("Email").fill(client.email);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(messages.resetEmailSent);
    await expect(dialog.getByRole("alert")).toHaveCSS("color", "rgb(23, 96, 58)");

    let link: string | undefined;
    await expect(async () => {
      const mail = (await receivedMail()).find((m) => m.to.includes(client.email));
      link = mail?.raw
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=")
        .match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
      expect(link).toBeTruthy();
      // The contact tests take the SMTP server down for a moment; a mail that failed then is retried a second
      // later (MAIL_FIRST_RETRY_SECONDS in scripts/e2e-server.ts).
    }).toPass({ timeout: 10_000 });

    const resetPage = await browser.newPage();
    await resetPage.goto(link as string);
    await resetPage.getByLabel("New password", { exact: true }).fill("after-reset-123");
    await resetPage.getByLabel("Confirm new password").fill("after-reset-123");
    await resetPage.getByRole("button", { name: "Save new password" }).click();
    await expect(resetPage.getByRole("status")).toContainText("Your password has been changed");

    // A used link is refused as the page opens, before a new password is typed (e2e/sign-in-ux.spec.ts).
    await resetPage.goto(link as string);
    await expect(resetPage.getByRole("alert")).toHaveText(messages.resetLinkInvalid);
    await expect(resetPage.getByLabel("New password", { exact: true })).toHaveCount(0);
    await resetPage.close();

    const signIn = await page.request.post("/api/session/sign-in", {
      data: { email: client.email, password: "after-reset-123" },
    });
    expect(signIn.status()).toBe(200);
  });
});

test("idle for 5 minutes signs the admin out and returns to the home page", { tag: "@desktop-only" }, async ({
  page,
  signedInAs,
}) => {
  await page.clock.install();
  await signedInAs("admin", { ownSession: true });
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Register Client" })).toBeVisible();
  await page.clock.fastForward("04:30");
  await page.mouse.move(10, 10);
  await page.clock.fastForward("04:30");
  await expect(page).toHaveURL(/\/admin$/); // activity reset the timer
  await page.clock.fastForward("00:31");
  await expect(page).toHaveURL(/\/$/);
  expect(await (await page.request.get("/api/session")).json()).toEqual({ user: null });
});
