import { expect, type Page, test } from "@playwright/test";
import content from "../src/content/site.json" with { type: "json" };
import {
  expectNoSeriousA11yViolations,
  holdRequests,
  receivedMail,
  setSmtp,
  withE2eLock,
} from "./support.ts";

const sent = "Message sent successfully!";
const failed = "Failed to send message. Please try again.";

const unique = (label: string) => `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

function form(page: Page) {
  return {
    firstName: page.getByRole("textbox", { name: "First Name" }),
    lastName: page.getByRole("textbox", { name: "Last Name" }),
    email: page.getByRole("textbox", { name: "Email", exact: true }),
    phoneNumber: page.getByRole("textbox", { name: "Phone Number" }),
    message: page.getByRole("textbox", { name: "Message" }),
    submit: page.getByRole("button", { name: "Submit" }),
  };
}

async function fill(page: Page, message: string) {
  const fields = form(page);
  await fields.firstName.fill("Ana");
  await fields.lastName.fill("Lopez");
  await fields.email.fill("ana.lopez@example.com");
  await fields.phoneNumber.fill("+1 555 010 9999");
  await fields.message.fill(message);
}

// The page's links and fields as the HTML gives them, the same at every width (its layout: public-pages.spec.ts).
test("the contact page shows the school's e-mail and phone, a labelled form and a side video", {
  tag: "@desktop-only",
}, async ({ page }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: content.contact.email })).toHaveAttribute(
    "href",
    `mailto:${content.contact.email}`,
  );
  await expect(main.getByRole("link", { name: content.contact.phone })).toHaveAttribute(
    "href",
    /^tel:\+?\d+$/,
  );
  const fields = form(page);
  await expect(fields.email).toHaveAttribute("type", "email");
  await expect(fields.phoneNumber).toHaveAttribute("type", "tel");
  await expect(fields.message).toHaveAttribute("rows", "4");
  for (const field of [fields.firstName, fields.lastName, fields.email, fields.phoneNumber, fields.message])
    await expect(field).toHaveAttribute("required", "");
  await expect(page.locator("main video")).toHaveCount(1);
});

test("a complete message is sent, confirmed, the form emptied and the school mailed", async ({ page }) => {
  await page.goto("/contact");
  const message = unique("I would like baby lessons for my daughter.");
  await fill(page, message);
  // Hold the request (it still reaches our server) until the form has been seen while it is on its way.
  const letThrough = await holdRequests(page, "**/api/contact");

  await withE2eLock("smtp", async () => {
    const fields = form(page);
    await fields.submit.click();
    const sending = page.getByRole("button", { name: "Sending…" });
    await expect(sending).toBeDisabled();
    letThrough();
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText(sent);
    // Announced, in view even on a phone where the form is taller than the screen, and holding the focus that the
    // disabled Submit button lost.
    await expect(alert).toBeInViewport();
    await expect(alert).toBeFocused();
    await expect(page.locator(".contact-form__outcome")).toHaveAttribute("aria-live", "assertive");
    await expect(fields.submit).toBeEnabled();
    for (const field of [fields.firstName, fields.lastName, fields.email, fields.phoneNumber, fields.message])
      await expect(field).toHaveValue("");
    await expect
      .poll(async () => (await receivedMail()).some((mail) => mail.raw.includes(message)), {
        timeout: 10_000,
      })
      .toBe(true);
  });
  await expectNoSeriousA11yViolations(page);
});

// Which fields are flagged, and that nothing is sent, cannot differ with the width; the form's answer on a phone (in
// view, focused) is checked in the tests around.
test("empty or invalid fields are flagged and nothing is sent", { tag: "@desktop-only" }, async ({
  page,
}) => {
  await page.goto("/contact");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/contact")) posts.push(request.method());
  });
  const fields = form(page);
  await fields.submit.click();
  await expect(page.getByText("First name is required.")).toBeVisible();
  await expect(page.getByText("Message is required.")).toBeVisible();
  await expect(fields.firstName).toHaveAttribute("aria-invalid", "true");
  await expect(fields.firstName).toBeFocused();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await fill(page, "Hello");
  await fields.email.fill("not-an-email");
  await fields.submit.click();
  await expect(page.getByText("Email must be a valid email address.")).toBeVisible();
  await expect(fields.email).toBeFocused();
  // A request the form had sent would have been reported before the focus it moved (one ordered connection).
  expect(posts).toEqual([]);
});

// One project only: the SMTP server is shared by both projects' workers.
test.describe("when mail delivery fails", { tag: "@desktop-only" }, () => {
  test("the failure is shown and what was typed is kept", async ({ page }) => {
    await page.goto("/contact");
    const message = unique("Do you teach adults on weekends?");
    await fill(page, message);
    await withE2eLock("smtp", async () => {
      await setSmtp("down");
      try {
        await form(page).submit.click();
        await expect(page.getByRole("alert")).toHaveText(failed);
      } finally {
        await setSmtp("up");
      }
    });
    const fields = form(page);
    await expect(fields.firstName).toHaveValue("Ana");
    await expect(fields.lastName).toHaveValue("Lopez");
    await expect(fields.email).toHaveValue("ana.lopez@example.com");
    await expect(fields.phoneNumber).toHaveValue("+1 555 010 9999");
    await expect(fields.message).toHaveValue(message);
    await expect(fields.submit).toBeEnabled();
  });
});

test("at the per-address limit, the message says when it can be sent again and what was typed is kept", async ({
  page,
}) => {
  await page.goto("/contact");
  await fill(page, "Can we book lessons for two children?");
  // The browser tests share one address and run with a high limit (scripts/e2e-server.ts), so the server's answer
  // at the limit is played back here as the API tests check it is sent: 429, Retry-After in seconds.
  await page.route("**/api/contact", (route) =>
    route.fulfill({
      status: 429,
      headers: { "retry-after": "397" },
      contentType: "application/json",
      body: JSON.stringify({
        error: {
          code: "too-many-requests",
          message: "Too many requests. Please wait a few minutes and try again.",
        },
      }),
    }),
  );
  const fields = form(page);
  await fields.submit.click();
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText(
    "Too many messages from this connection. You can send again in about 7 minutes.",
  );
  await expect(alert).toBeInViewport();
  await expect(alert).toBeFocused();
  await expect(fields.message).toHaveValue("Can we book lessons for two children?");
  await expect(fields.submit).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
});
