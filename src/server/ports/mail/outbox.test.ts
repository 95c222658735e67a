import { describe, expect, it } from "vitest";
import { mailTestbed } from "../../../../test/support/mail-testbed.ts";
import { closedPort } from "../../../../test/support/smtp-sink.ts";
import { testClock } from "../../../../test/support/test-app.ts";
import { silentLog } from "../../http/log.ts";
import { createOutbox } from "./outbox.ts";
import { createSmtpTransport } from "./smtp-transport.ts";

const testbed = mailTestbed({ emptyOutbox: true });

const from = "Swim School <no-reply@example.com>";
const hour = 60 * 60_000;

async function refusingTransport() {
  return createSmtpTransport(`smtp://127.0.0.1:${await closedPort()}`, from);
}

const stored = (id: number) =>
  testbed.db.selectFrom("mailOutbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("outbox retries", () => {
  it("gives up after MAIL_MAX_ATTEMPTS tries and marks the mail failed", async () => {
    const clock = testClock();
    const outbox = createOutbox({
      db: testbed.db,
      transport: await refusingTransport(),
      clock,
      log: silentLog,
      config: { MAIL_MAX_ATTEMPTS: 3, MAIL_FIRST_RETRY_SECONDS: 30, NODE_ENV: "test" },
    });
    const id = await outbox.enqueue({ to: "parent@example.com", subject: "Welcome", text: "Hello" });

    expect(await outbox.deliver(id)).toBe(false);
    expect(await stored(id)).toMatchObject({ status: "pending", attempts: 1 });
    expect(await outbox.deliverDue()).toBe(0); // backing off: not tried again yet
    expect((await stored(id)).attempts).toBe(1);

    clock.advance(hour);
    await outbox.deliverDue();
    expect(await stored(id)).toMatchObject({ status: "pending", attempts: 2 });

    clock.advance(hour);
    await outbox.deliverDue();
    const failed = await stored(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 3 });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);

    // Never tried again, however long the retry loop keeps running.
    for (let day = 0; day < 3; day++) {
      clock.advance(24 * hour);
      expect(await outbox.deliverDue()).toBe(0);
      expect(await outbox.deliver(id)).toBe(false);
    }
    expect(await stored(id)).toMatchObject({ status: "failed", attempts: 3 });
  });

  it("sends a failed mail again once an admin puts it back in the queue", async () => {
    const clock = testClock();
    const config = { MAIL_MAX_ATTEMPTS: 1, MAIL_FIRST_RETRY_SECONDS: 30, NODE_ENV: "test" } as const;
    const down = createOutbox({
      db: testbed.db,
      transport: await refusingTransport(),
      clock,
      log: silentLog,
      config,
    });
    const id = await down.enqueue({ to: "parent@example.com", subject: "Welcome", text: "Hello" });
    expect(await down.deliver(id)).toBe(false);
    expect((await stored(id)).status).toBe("failed");

    const up = createOutbox({
      db: testbed.db,
      transport: createSmtpTransport(testbed.sink.url, from),
      clock,
      log: silentLog,
      config,
    });
    expect(await up.deliverDue()).toBe(0);
    expect(await up.requeue(id)).toBe(true);
    expect(await stored(id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await up.deliverDue()).toBe(1);
    expect(testbed.sink.received).toHaveLength(1);
    expect(await stored(id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await up.requeue(id)).toBe(false); // only a failed mail goes back
  });
});

describe("the wait before a failed mail is tried again", () => {
  const waits = async (config?: { MAIL_FIRST_RETRY_SECONDS: number }) => {
    const clock = testClock();
    const outbox = createOutbox({
      db: testbed.db,
      transport: await refusingTransport(),
      clock,
      log: silentLog,
      config: config && { ...config, MAIL_MAX_ATTEMPTS: 30, NODE_ENV: "test" },
    });
    const id = await outbox.enqueue({ to: "parent@example.com", subject: "Welcome", text: "Hello" });
    const seconds: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      await outbox.deliver(id);
      const { nextAttemptAt } = await stored(id);
      seconds.push((new Date(nextAttemptAt).getTime() - clock.now().getTime()) / 1000);
      clock.set(nextAttemptAt);
    }
    return seconds;
  };

  it("is 30 seconds at first by default, then doubles", async () => {
    expect(await waits()).toEqual([30, 60, 120]);
  });

  it("starts from MAIL_FIRST_RETRY_SECONDS when it is set", async () => {
    expect(await waits({ MAIL_FIRST_RETRY_SECONDS: 2 })).toEqual([2, 4, 8]);
  });
});

describe("two senders over one database", () => {
  it("send each mail exactly once however their attempts interleave", async () => {
    const clock = testClock();
    const sender = () =>
      createOutbox({
        db: testbed.db,
        transport: createSmtpTransport(testbed.sink.url, from),
        clock,
        log: silentLog,
      });
    const senders = [sender(), sender()] as const;
    const ids: number[] = [];
    for (let n = 0; n < 12; n++) {
      ids.push(
        await senders[0].enqueue({ to: "school@example.com", subject: `Mail ${n}`, text: `Body ${n}` }),
      );
    }

    const attempts: Promise<unknown>[] = [];
    for (let round = 0; round < 3; round++) {
      for (const sender of senders) {
        attempts.push(sender.deliverDue());
        for (const id of ids) attempts.push(sender.deliver(id));
      }
    }
    await Promise.all(attempts);

    const subjects = testbed.sink.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1]?.trim());
    expect(subjects.toSorted()).toEqual(ids.map((_, n) => `Mail ${n}`).toSorted());
    const rows = await testbed.db.selectFrom("mailOutbox").select(["status", "attempts"]).execute();
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });
});
