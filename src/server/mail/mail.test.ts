import { describe, expect, it } from "vitest";
import { call, signedInAdmin, signedInClient } from "../../../test/support/accounts.ts";
import { mailTestbed } from "../../../test/support/mail-testbed.ts";
import { closedPort } from "../../../test/support/smtp-sink.ts";
import { buildTestApp, type TestApp, testClock } from "../../../test/support/test-app.ts";
import { messages } from "../../domain/messages.ts";

const testbed = mailTestbed({ emptyOutbox: true });

const hour = 60 * 60_000;

/** The app while the SMTP server refuses every connection, giving up after two tries. */
async function appWithMailDown(clock: ReturnType<typeof testClock>) {
  const smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
  return buildTestApp(testbed.db, { smtpUrl, clock, env: { MAIL_MAX_ATTEMPTS: "2" } });
}

/** Queues a mail and lets every try fail, past each backoff, until the outbox gives up on it. */
async function failForGood(down: TestApp, subject: string): Promise<number> {
  const id = await down.outbox.enqueue({ to: "parent@example.com", subject, text: "Private body text" });
  expect(await down.outbox.deliver(id)).toBe(false);
  down.clock.advance(hour);
  await down.outbox.deliverDue();
  return id;
}

describe("GET /api/mail/undelivered", () => {
  it("shows the admin each mail the outbox gave up on, newest first, never its body", async () => {
    const clock = testClock();
    const down = await appWithMailDown(clock);
    const older = await failForGood(down, "Older");
    const newer = await failForGood(down, "Newer");
    // The retry loop keeps running for days: a failed mail is not tried again.
    for (let day = 0; day < 3; day++) {
      clock.advance(24 * hour);
      await down.outbox.deliverDue();
    }
    const retrying = await down.outbox.enqueue({
      to: "a@example.com",
      subject: "Retrying",
      text: "Retry me",
    });
    await down.outbox.deliver(retrying);
    await down.outbox.enqueue({ to: "b@example.com", subject: "Not tried yet", text: "Queued" });
    const admin = await signedInAdmin(down);

    const response = await call(down, "GET", "/api/mail/undelivered", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain("Private body text");
    const { items } = JSON.parse(text) as { items: Record<string, unknown>[] };
    expect(items.map((item) => [item.id, item.status, item.attempts])).toEqual([
      [retrying, "pending", 1],
      [newer, "failed", 2],
      [older, "failed", 2],
    ]);
    expect(items[1]).toEqual({
      id: newer,
      to: "parent@example.com",
      subject: "Newer",
      status: "failed",
      attempts: 2,
      lastError: expect.stringMatching(/ECONNREFUSED|connect/i),
      createdAt: expect.any(String),
    });
  });

  it("is for admins only", async () => {
    const app = buildTestApp(testbed.db);
    const client = await signedInClient(app);
    expect((await call(app, "GET", "/api/mail/undelivered")).status).toBe(401);
    expect((await call(app, "GET", "/api/mail/undelivered", { cookie: client.cookie })).status).toBe(403);
    expect((await call(app, "POST", "/api/mail/1/retry")).status).toBe(401);
    expect((await call(app, "POST", "/api/mail/1/retry", { cookie: client.cookie })).status).toBe(403);
  });
});

describe("POST /api/mail/:id/retry", () => {
  it("sends a failed mail once the SMTP server is back", async () => {
    const clock = testClock();
    const id = await failForGood(await appWithMailDown(clock), "Welcome");
    const up = buildTestApp(testbed.db, { smtpUrl: testbed.sink.url, clock });
    const admin = await signedInAdmin(up);

    expect(await up.outbox.deliverDue()).toBe(0); // failed mail is not retried by itself
    const response = await call(up, "POST", `/api/mail/${id}/retry`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, status: "sent" });
    expect(testbed.sink.received).toHaveLength(1);
    expect(testbed.sink.received[0]?.raw).toContain("Private body text");
    const list = await call(up, "GET", "/api/mail/undelivered", { cookie: admin.cookie });
    expect(await list.json()).toEqual({ items: [] });

    const twice = await call(up, "POST", `/api/mail/${id}/retry`, { cookie: admin.cookie });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({
      error: { code: "mail-not-failed", message: messages.mailNotFailed },
    });
    const unknown = await call(up, "POST", `/api/mail/${id + 1000}/retry`, { cookie: admin.cookie });
    expect(unknown.status).toBe(404);
    expect((await call(up, "POST", "/api/mail/abc/retry", { cookie: admin.cookie })).status).toBe(400);
    expect(testbed.sink.received).toHaveLength(1);
  });
});
