import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { authErrorMessages, messages } from "../../src/domain/messages.ts";
import { ensureAdmin } from "../../src/server/auth/admin-account.ts";
import { sessionRecheckMs } from "../../src/server/auth/session.ts";
import { registerClient } from "../../src/server/clients/service.ts";
import { curriculumRecheckMs } from "../../src/server/curriculum/service.ts";
import { queueDueReminders } from "../../src/server/reminders/service.ts";
import { call, sessionUserOf, signedInAdmin, signedInClient, signIn } from "../support/accounts.ts";
import { createBooking } from "../support/factories.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { type TestApp, testClock } from "../support/test-app.ts";
import { connectTestRedis, deleteKeys, testKeyPrefix } from "./test-redis.ts";
import { buildInstance, type InstanceOptions, postgresUrl, sharedSchema } from "./two-instances.ts";

/**
 * Two instances of the site, A and B, each with its own database pool and its own Redis connection, on one
 * PostgreSQL schema and one Redis: what one instance records, the other must see. Both read one clock, as two
 * servers synchronised by NTP do. PostgreSQL only: two instances cannot share the SQLite run's in-memory database.
 */
const minute = 60_000;
const keyPrefix = testKeyPrefix();
let schema: Awaited<ReturnType<typeof sharedSchema>>;
let redis: Redis;
let sink: SmtpSink;
let opened: TestApp[] = [];

beforeAll(async () => {
  if (!postgresUrl) return;
  redis = await connectTestRedis();
  schema = await sharedSchema(postgresUrl);
  sink = await startSmtpSink();
});
afterEach(async () => {
  await Promise.all(opened.map((instance) => instance.close()));
  opened = [];
});
afterAll(async () => {
  if (!postgresUrl) return;
  await sink?.stop();
  await schema?.close();
  if (redis) {
    await deleteKeys(redis, keyPrefix);
    redis.disconnect();
  }
});

/** A and B: two pools on the shared schema; rate limits in Redis unless `memory` (each counting alone). */
function twoInstances(options: Omit<InstanceOptions, "clock"> & { memory?: boolean } = {}) {
  const clock = testClock();
  const { memory, ...rest } = options;
  const make = (): TestApp =>
    buildInstance(schema.open(), { clock, redisKeyPrefix: memory ? undefined : keyPrefix, ...rest });
  const pair = [make(), make()] as const;
  opened.push(...pair);
  return pair;
}

let addressCounter = 0;
/** A caller address of its own for each test: limits count per address. */
const freshAddress = () => `203.0.113.${++addressCounter}`;

/** POST /api/contact from `ip`: a different message each time (an identical resend is not a new message). */
let messageCounter = 0;
const sendContact = (instance: TestApp, ip: string) =>
  call(instance, "POST", "/api/contact", {
    ip,
    body: {
      firstName: "Maria",
      lastName: "Lopez",
      email: "maria@example.com",
      phoneNumber: "+1 555 010 2020",
      message: `Question number ${++messageCounter} about lessons for my daughter.`,
    },
  });

/** Statuses of `count` requests sent alternately to A and B. */
async function alternating(
  pair: readonly [TestApp, TestApp],
  count: number,
  send: (i: TestApp) => Response | Promise<Response>,
) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(pair[i % 2] as TestApp)).status);
  return statuses;
}

describe.skipIf(!postgresUrl)(
  "two instances on one PostgreSQL and one Redis (PostgreSQL suite only; skipped in the SQLite run)",
  () => {
    it("both starting at once with the same ADMIN_EMAIL: one creates the admin, the other finds it", async () => {
      const pair = twoInstances();
      const email = `first-admin-${keyPrefix.slice(-7, -1)}@example.com`;
      const results = await Promise.all(
        pair.map((instance) => ensureAdmin(instance, { email, password: "first-admin-password" })),
      );
      expect(results.sort()).toEqual(["created", "exists"]);
    });

    it("the contact limit (5 per address per window) holds across both, not 5 on each", async () => {
      const pair = twoInstances();
      const ip = freshAddress();
      expect(await alternating(pair, 7, (instance) => sendContact(instance, ip))).toEqual([
        201, 201, 201, 201, 201, 429, 429,
      ]);
      const refused = await sendContact(pair[1], ip);
      expect(refused.headers.get("retry-after")).toMatch(/^[1-9][0-9]*$/);
      expect(await refused.json()).toEqual({
        error: { code: "too-many-requests", message: messages.tooManyRequests },
      });
      // Another address is not limited by this one.
      expect((await sendContact(pair[1], freshAddress())).status).toBe(201);
    });

    it("with each instance counting in its own memory (no REDIS_URL), the same caller gets 10 through", async () => {
      const pair = twoInstances({ memory: true });
      const ip = freshAddress();
      const statuses = await alternating(pair, 12, (instance) => sendContact(instance, ip));
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    });

    it("the password-reset limit holds across both", async () => {
      const pair = twoInstances({ env: { PASSWORD_RESET_RATE_LIMIT: "3" } });
      const { client } = await registerClient(pair[0], {
        firstName: "Rosa",
        lastName: "Forgetful",
        email: `forgetful-${keyPrefix.slice(-7, -1)}@example.com`,
        phoneNumber: "5550100",
        defaultPackType: "4_60",
      });
      const ip = freshAddress();
      const ask = (instance: TestApp) =>
        call(instance, "POST", "/api/password-reset", { ip, body: { email: client.email } });
      expect(await alternating(pair, 5, ask)).toEqual([200, 200, 200, 429, 429]);
      const mails = await pair[0].db
        .selectFrom("mailOutbox")
        .select("id")
        .where("toAddress", "=", client.email)
        .where("subject", "=", "Reset your password")
        .execute();
      expect(mails).toHaveLength(3);
    });

    it("the sign-in lock: too many failures on A, and B refuses even the right password", async () => {
      const [a, b] = twoInstances({ env: { SIGN_IN_ACCOUNT_FAILURE_LIMIT: "2" } });
      const admin = await signedInAdmin(a);
      for (const ip of ["192.0.2.10", "192.0.2.11"]) {
        expect((await signIn(a, admin.email, "wrong-password", ip)).response.status).toBe(401);
      }
      const locked = await signIn(b, admin.email, admin.password, "192.0.2.12");
      expect(locked.response.status).toBe(429);
      expect(await locked.response.json()).toEqual({
        error: { code: "too-many-requests", message: authErrorMessages["too-many-requests"] },
      });
      expect(locked.cookie).toBe("");
    });

    it("the idle sign-out: activity recorded on A keeps the session on B; 5 idle minutes end it on both", async () => {
      const [a, b] = twoInstances();
      const client = await signedInClient(a);
      a.clock.advance(4 * minute);
      const heartbeat = await call(a, "POST", "/api/session/heartbeat", { cookie: client.cookie, body: {} });
      expect(heartbeat.status).toBe(204);

      // 8 minutes after sign-in but 4 after the activity A recorded: B keeps the session.
      b.clock.advance(4 * minute);
      expect(await sessionUserOf(b, client.cookie)).toMatchObject({ id: client.id, role: "client" });

      // 5 minutes after that activity: B signs the person out, and so does A.
      b.clock.advance(1 * minute);
      const refused = await call(b, "GET", `/api/clients/${client.id}/reminders`, { cookie: client.cookie });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({
        error: { code: "unauthenticated", message: messages.sessionExpired },
      });
      expect(await sessionUserOf(a, client.cookie)).toBeNull();
    });

    it("a sign-out on A is refused on B once B's session read is a second old (decision 047)", async () => {
      const [a, b] = twoInstances();
      const client = await signedInClient(a);
      expect(await sessionUserOf(b, client.cookie)).toMatchObject({ id: client.id, role: "client" });
      expect((await call(a, "POST", "/api/session/sign-out", { cookie: client.cookie })).status).toBe(200);
      b.clock.advance(sessionRecheckMs);
      const refused = await call(b, "GET", `/api/clients/${client.id}/reminders`, { cookie: client.cookie });
      expect(refused.status).toBe(401);
      expect(await sessionUserOf(b, client.cookie)).toBeNull();
    });

    it("a skill renamed on A is listed at once on A, and on B once B's read of the curriculum is a second old (decision 052)", async () => {
      const [a, b] = twoInstances();
      const admin = await signedInAdmin(a);
      const skillsOn = async (instance: TestApp) => {
        const response = await call(instance, "GET", "/api/curriculum", { cookie: admin.cookie });
        return ((await response.json()) as { skills: { id: number; name: string }[] }).skills;
      };
      const skillName = async (instance: TestApp, id: number) =>
        (await skillsOn(instance)).find((skill) => skill.id === id)?.name;
      const [skill] = await skillsOn(b);
      if (!skill) throw new Error("the migrations give the curriculum its skills");
      const renamed = `${skill.name} (renamed)`;
      const patched = await call(a, "PATCH", `/api/curriculum/skills/${skill.id}`, {
        cookie: admin.cookie,
        body: { name: renamed },
      });
      expect(patched.status).toBe(200);
      expect(await skillName(a, skill.id)).toBe(renamed);
      await new Promise((resolve) => setTimeout(resolve, curriculumRecheckMs));
      expect(await skillName(b, skill.id)).toBe(renamed);
    });

    it("the outbox sends each mail once when both instances deliver at the same moment", async () => {
      const [a, b] = twoInstances({ smtpUrl: sink.url });
      sink.received = [];
      const subjects = Array.from({ length: 20 }, (_, i) => `Queued mail ${i + 1}`);
      for (const subject of subjects) {
        await a.outbox.enqueue({ to: "school@example.com", subject, text: "Hello." });
      }
      await Promise.all([a.outbox.deliverDue(), b.outbox.deliverDue()]);
      const received = sink.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1]?.trim());
      expect(received.sort()).toEqual([...subjects].sort());
      const rows = await a.db
        .selectFrom("mailOutbox")
        .select(["status", "attempts"])
        .where("subject", "in", subjects)
        .execute();
      expect(rows).toHaveLength(20);
      expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
      // Nothing left for a later sweep to send again.
      await Promise.all([a.outbox.deliverDue(), b.outbox.deliverDue()]);
      expect(sink.received).toHaveLength(20);
    });

    it("each class reminder goes once when both instances sweep at the same moment", async () => {
      const env = { TZ_SCHOOL: "UTC", CLASS_REMINDER_HOUR: "17" };
      const [a, b] = twoInstances({ smtpUrl: sink.url, env });
      a.clock.set("2026-03-04T17:30:00.000Z");
      sink.received = [];
      const emails: string[] = [];
      for (let i = 0; i < 3; i++) {
        const { client } = await registerClient(a, {
          firstName: "Rita",
          lastName: `Reminded${i}`,
          email: `reminded-${i}-${keyPrefix.slice(-7, -1)}@example.com`,
          phoneNumber: "5550100",
          defaultPackType: "8_60",
        });
        await createBooking(a.db, { clientId: client.id, dates: ["2026-03-05"] });
        emails.push(client.email);
      }
      const [byA, byB] = await Promise.all([queueDueReminders(a), queueDueReminders(b)]);
      expect(byA + byB).toBe(3);
      const reminded = sink.received.flatMap((mail) => mail.to);
      expect(reminded.sort()).toEqual([...emails].sort());
    });
  },
);
