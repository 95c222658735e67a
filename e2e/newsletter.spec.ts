import type { Page } from "@playwright/test";
import { newsletterMessages } from "../src/domain/messages.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { expectNoSeriousA11yViolations, receivedMail } from "./support.ts";

function footerForm(page: Page) {
  const footer = page.getByRole("contentinfo");
  return {
    email: footer.getByRole("textbox", { name: "Email address" }),
    signUp: footer.getByRole("button", { name: "Sign Up" }),
    answer: footer.locator("#newsletter-answer"),
  };
}

async function signUpInFooter(page: Page, email: string) {
  const form = footerForm(page);
  await form.email.fill(email);
  await form.signUp.click();
  return form;
}

/** The links of the confirmation mail sent to `email`, once it has arrived. */
async function linksMailedTo(email: string): Promise<{ confirm: string; unsubscribe: string }> {
  let links = { confirm: "", unsubscribe: "" };
  await expect(async () => {
    const mail = (await receivedMail()).find((m) => m.to.includes(email));
    const text = (mail?.raw ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    links = {
      confirm: /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec(text)?.[0] ?? "",
      unsubscribe: /https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w.-]+/.exec(text)?.[0] ?? "",
    };
    expect(links.confirm).toBeTruthy();
    expect(links.unsubscribe).toBeTruthy();
    // The contact tests take the SMTP server down for a moment; a mail that failed then is retried a second later.
  }).toPass({ timeout: 10_000 });
  return links;
}

/** The admin's Newsletter page, reached through the side menu; the page must be signed in as the admin. */
async function openAdminNewsletter(page: Page) {
  await page.goto("/admin");
  if ((page.viewportSize()?.width ?? 0) <= 768) await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Newsletter" }).click();
  await expect(page).toHaveURL(/\/admin-newsletter$/);
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
}

test("a visitor signs up in the footer, confirms through the mailed link once, and the admin sees the address", async ({
  page,
  signedInAs,
}) => {
  const email = uniqueEmail("parent");
  await page.goto("/");
  const form = await signUpInFooter(page, email);
  await expect(form.answer).toHaveText(newsletterMessages.confirmationSent);
  await expect(form.answer).toHaveAttribute("aria-live", "polite");
  await expect(form.email).toHaveValue("");
  await expect(form.answer).toBeInViewport();
  await expectNoSeriousA11yViolations(page);

  // Again, from another page: a clear answer and no second mail.
  await page.goto("/services");
  await signUpInFooter(page, email.toUpperCase());
  await expect(form.answer).toHaveText(newsletterMessages.confirmationRecentlySent);

  const links = await linksMailedTo(email);
  expect((await receivedMail()).filter((m) => m.to.includes(email))).toHaveLength(1);

  await page.goto(links.confirm);
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter subscription" })).toBeVisible();
  await expect(page.getByText(newsletterMessages.confirmed)).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The link works once.
  await page.goto(links.confirm);
  await expect(page.getByText(newsletterMessages.linkInvalid)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await signedInAs("admin");
  await openAdminNewsletter(page);
  await expect(page.getByRole("cell", { name: email })).toBeVisible();
  const exportLink = page.getByRole("link", { name: "Export CSV" });
  await expect(exportLink).toBeVisible();
  const csv = await page.request.get((await exportLink.getAttribute("href")) ?? "");
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await csv.text()).toContain(`"${email}"`);
  await expectNoSeriousA11yViolations(page);
});

// Mail and the list; the footer, the confirmation page and the admin's list are laid out at both widths above.
test("the unsubscribe link works without signing in and takes the address off the admin's list", {
  tag: "@desktop-only",
}, async ({ page, signedInAs }) => {
  const email = uniqueEmail("leaving");
  await page.goto("/");
  await expect((await signUpInFooter(page, email)).answer).toHaveText(newsletterMessages.confirmationSent);
  const links = await linksMailedTo(email);
  await page.goto(links.confirm);
  await expect(page.getByText(newsletterMessages.confirmed)).toBeVisible();

  await page.goto(links.unsubscribe);
  await expect(
    page.getByRole("heading", { level: 1, name: "Unsubscribe from the newsletter" }),
  ).toBeVisible();
  await expect(page.getByText(newsletterMessages.unsubscribed)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await signedInAs("admin");
  await openAdminNewsletter(page);
  await expect(page.getByRole("status")).toContainText("confirmed");
  await expect(page.getByRole("cell", { name: email })).toHaveCount(0);
});

// The messages and where they go are the same at every width; the footer is laid out at both in the first test.
test("the footer says clearly what is wrong with an address, at the field", { tag: "@desktop-only" }, async ({
  page,
}) => {
  await page.goto("/");
  const form = footerForm(page);
  await form.signUp.click();
  await expect(form.answer).toHaveText(newsletterMessages.emailRequired);
  await expect(form.email).toBeFocused();

  await signUpInFooter(page, "not-an-address");
  await expect(form.answer).toHaveText(newsletterMessages.emailInvalid);
  await expect(form.email).toHaveAttribute("aria-invalid", "true");
  await expect(form.email).toHaveAccessibleDescription(/like name@example\.com/);
  await expectNoSeriousA11yViolations(page);

  // Typing again clears the complaint.
  await form.email.pressSequentially("x");
  await expect(form.answer).toHaveText("");
});
