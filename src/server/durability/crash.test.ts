/**
 * Issue 17: the server killed with SIGKILL in the middle of a stream of booking, payment and contact writes, then
 * started again on the same data: every write that got a 2xx is there, and nothing is half-written. On SQLite,
 * or on PostgreSQL when TEST_DATABASE_URL is set (npm run test:postgres): a database of its own for the spawned
 * server, dropped at the end.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  buyPlan,
  type Checkout,
  checkoutFrom,
  checkoutInput,
  checkoutPath,
  contactMessage,
  payPath,
  pickDays,
  type RegisteredClient,
  registerClient,
  signedIn,
  upcomingDays,
} from "../../../test/support/api-client.ts";
import { type SpawnedServer, spawnServer } from "../../../test/support/spawned-server.ts";
import { amountToPay, bookingTitle } from "../../domain/bookings.ts";
import { type Db, openDatabase } from "../db/database.ts";

const postgresUrl = process.env.TEST_DATABASE_URL;
const engine = postgresUrl ? "postgres" : "sqlite";
/** Kill-and-restart rounds: one in the normal suites (seconds); more for a longer hunt, e.g. CRASH_ROUNDS=20. */
const rounds = Math.max(1, Number(process.env.CRASH_ROUNDS ?? 1));
const admin = { email: "crash-admin@example.com", password: "crash-admin-password-1" };

/** A database of its own on the PostgreSQL of TEST_DATABASE_URL, for the spawned server. */
async function temporaryPostgresDatabase(baseUrl: string) {
  const name = `swim_crash_${randomBytes(5).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** What the client saw of each write: acknowledged (2xx) or unknown (no answer: the server died first). */
type Outcome = "acked" | "unknown";
interface BookingWrite {
  clientId: string;
  dates: string[];
  outcome: Outcome;
}
interface PaymentWrite {
  step: "checkout" | "pay" | "cancel";
  clientId: string;
  checkout: Checkout;
  outcome: Outcome;
}
interface ContactWrite {
  message: ReturnType<typeof contactMessage>;
  outcome: Outcome;
}

const writes = {
  bookings: [] as BookingWrite[],
  payments: [] as PaymentWrite[],
  contacts: [] as ContactWrite[],
};
const unexpected: string[] = [];
/** What became of the request the server had taken when it was killed (startHeldRequest). */
let held: "answered" | "cut off" | undefined;

/**
 * A contact message sent with `Expect: 100-continue`, its body only half sent: resolves once the server has
 * taken it (its HTTP layer answered 100 Continue and handed it to the app, which now waits for the rest), with
 * what became of it. Killed then, the server dies with a request it accepted and did not answer, whatever the
 * streams happen to be doing at that instant.
 */
function startHeldRequest(baseUrl: string): Promise<{ outcome: Promise<"answered" | "cut off"> }> {
  const body = JSON.stringify(contactMessage(`held-${randomBytes(3).toString("hex")}`));
  return new Promise((resolve, reject) => {
    const request = http.request(new URL("/api/contact", baseUrl), {
      method: "POST",
      agent: false,
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        expect: "100-continue",
      },
    });
    const outcome = new Promise<"answered" | "cut off">((settle) => {
      request.once("response", (response) => {
        response.resume();
        settle("answered");
      });
      request.once("error", () => settle("cut off"));
    });
    request.once("error", reject);
    request.once("continue", () => {
      request.write(body.slice(0, body.length / 2));
      resolve({ outcome });
    });
    request.flushHeaders();
  });
}

/**
 * Runs the three streams against `api` until the server dies: each worker writes one request after another and
 * records every answer. Once `killAfter` more writes were acknowledged, a request is held open in the server
 * (startHeldRequest) and the server is killed while it holds it, the streams still writing meanwhile.
 */
async function streamUntilKilled(
  api: ApiClient,
  server: SpawnedServer,
  clients: { booking: RegisteredClient[]; paying: RegisteredClient[] },
  killAfter: number,
): Promise<void> {
  let acked = 0;
  let killing: Promise<void> | undefined;
  const killHoldingARequest = async () => {
    const { outcome } = await startHeldRequest(server.url);
    await server.kill();
    held = await outcome;
  };
  const ack = () => {
    acked++;
    if (acked === killAfter) killing = killHoldingARequest();
  };
  const days = upcomingDays(40);
  let serial = 0;

  /** The answer, or null once the server is gone (a connection error: the write's outcome is unknown). */
  const send = async (method: string, path: string, body?: unknown) => {
    try {
      return await api.request(method, path, body);
    } catch {
      return null;
    }
  };

  const bookingWorker = async (client: RegisteredClient) => {
    for (;;) {
      const dates = pickDays(days, 1 + Math.floor(Math.random() * 8));
      const answer = await send("POST", "/api/bookings", { clientId: client.id, dates });
      if (!answer) return void writes.bookings.push({ clientId: client.id, dates, outcome: "unknown" });
      if (answer.status !== 200)
        return void unexpected.push(`booking: ${answer.status} ${JSON.stringify(answer.body)}`);
      writes.bookings.push({ clientId: client.id, dates, outcome: "acked" });
      ack();
    }
  };

  const paymentWorker = async (client: RegisteredClient) => {
    for (;;) {
      const started = await send("POST", checkoutPath, checkoutInput(client));
      // No answer: the checkout row may or may not exist, and nothing depends on it.
      if (!started) return;
      if (started.status !== 200)
        return void unexpected.push(`checkout: ${started.status} ${JSON.stringify(started.body)}`);
      const checkout = checkoutFrom((started.body as { url: string }).url);
      const steps = [
        ["checkout", null],
        ["pay", () => send("POST", payPath(checkout))],
        [
          "cancel",
          () =>
            send("POST", "/api/subscriptions/cancel-subscription", {
              userId: client.id,
              subscriptionId: checkout.subscriptionId,
            }),
        ],
      ] as const;
      for (const [step, request] of steps) {
        const answer = request ? await request() : started;
        if (!answer)
          return void writes.payments.push({ step, clientId: client.id, checkout, outcome: "unknown" });
        if (answer.status !== 200)
          return void unexpected.push(`${step}: ${answer.status} ${JSON.stringify(answer.body)}`);
        writes.payments.push({ step, clientId: client.id, checkout, outcome: "acked" });
        ack();
      }
    }
  };

  // A plan left active by the round before (its cancel got no answer) is ended first, as the admin would.
  for (const client of clients.paying) {
    const plan = await api.expect<{ active: boolean; subscriptionId: string | null }>(
      "GET",
      `/api/subscriptions/used-classes/${client.id}`,
      undefined,
    );
    if (!plan.active) continue;
    await api.expect("POST", "/api/subscriptions/cancel-subscription", {
      userId: client.id,
      subscriptionId: plan.subscriptionId,
    });
  }

  const contactWorker = async (worker: number) => {
    for (;;) {
      const message = contactMessage(`${engine}-${worker}-${serial++}-${randomBytes(3).toString("hex")}`);
      const answer = await send("POST", "/api/contact", message);
      if (!answer) return void writes.contacts.push({ message, outcome: "unknown" });
      if (answer.status !== 201)
        return void unexpected.push(`contact: ${answer.status} ${JSON.stringify(answer.body)}`);
      writes.contacts.push({ message, outcome: "acked" });
      ack();
    }
  };

  await Promise.all([
    ...clients.booking.map(bookingWorker),
    ...clients.paying.map(paymentWorker),
    contactWorker(1),
    contactWorker(2),
  ]);
  await killing;
}

/** The final dates of each booking client must be its last acknowledged save, or the save in flight after it. */
function allowedDateSets(clientId: string): string[][] {
  const mine = writes.bookings.filter((write) => write.clientId === clientId);
  const lastAcked = mine.findLastIndex((write) => write.outcome === "acked");
  const allowed = mine.slice(Math.max(lastAcked, 0)).map((write) => write.dates);
  return lastAcked < 0 ? [[], ...allowed] : allowed;
}

async function checkEverything(db: Db, clients: { booking: RegisteredClient[]; paying: RegisteredClient[] }) {
  // Bookings: each booking client's dates are those of its last acknowledged save (or the one after it).
  for (const client of clients.booking) {
    const lessons = await db
      .selectFrom("lesson")
      .select("date")
      .where("clientId", "=", client.id)
      .orderBy("date")
      .execute();
    expect(allowedDateSets(client.id)).toContainEqual(lessons.map((lesson) => lesson.date));
  }
  // Every booking, acknowledged or not, agrees with its lesson rows.
  const bookings = await db.selectFrom("booking").selectAll().execute();
  const lessons = await db.selectFrom("lesson").select(["bookingId", "planId", "date"]).execute();
  for (const booking of bookings) {
    const dates = lessons
      .filter((lesson) => lesson.bookingId === booking.id)
      .map((lesson) => lesson.date)
      .sort();
    expect({ classCount: booking.classCount, firstDate: booking.firstDate }).toEqual({
      classCount: dates.length,
      firstDate: dates[0] ?? null,
    });
    expect(booking.title).toBe(bookingTitle(dates.length));
    expect(booking.amountToPay).toBe(amountToPay(dates.length));
  }
  // No plan holds more dates than its classes.
  const plans = await db.selectFrom("subscriptionPlan").selectAll().execute();
  for (const plan of plans) {
    expect(lessons.filter((lesson) => lesson.planId === plan.id).length).toBeLessThanOrEqual(
      plan.totalClasses,
    );
  }
  // At most one active plan per client.
  const active = plans.filter((plan) => plan.isActive === 1).map((plan) => plan.clientId);
  expect(new Set(active).size).toBe(active.length);

  // Payments: every acknowledged step is there.
  const sessions = new Map(
    (await db.selectFrom("checkoutSession").selectAll().execute()).map((session) => [session.id, session]),
  );
  const planOf = new Map(plans.map((plan) => [plan.subscriptionId, plan]));
  for (const write of writes.payments.filter((write) => write.outcome === "acked")) {
    const session = sessions.get(write.checkout.sessionId);
    expect(session, `checkout ${write.checkout.sessionId}`).toBeDefined();
    if (write.step === "pay") {
      expect(session?.status).toBe("completed");
      expect(planOf.get(write.checkout.subscriptionId)?.clientId).toBe(write.clientId);
    }
    if (write.step === "cancel") {
      const plan = planOf.get(write.checkout.subscriptionId);
      expect(plan?.isActive).toBe(0);
      expect(plan?.endedAt).not.toBeNull();
    }
  }
  // Every completed checkout, acknowledged or not, has its plan and its recorded event: none half-applied.
  const events = new Set(
    (await db.selectFrom("paymentEvent").select("id").execute()).map((event) => event.id),
  );
  for (const session of sessions.values()) {
    const applied = events.has(`local_${session.id}`);
    const plan = planOf.get(`local_sub_${session.id.replace(/^lcs_/, "")}`);
    expect({ session: session.status, event: applied, plan: Boolean(plan) }).toEqual(
      session.status === "completed"
        ? { session: "completed", event: true, plan: true }
        : { session: session.status, event: false, plan: false },
    );
  }

  // Each purchase and each ending queued its receipt in the same transaction.
  const mails = new Map(
    (await db.selectFrom("mailOutbox").selectAll().execute()).map((mail) => [mail.id, mail]),
  );
  for (const client of [...clients.booking, ...clients.paying]) {
    const mailed = (subject: string) =>
      [...mails.values()].filter(
        (mail) => mail.toAddress === client.email && mail.subject.startsWith(subject),
      ).length;
    const completed = [...sessions.values()].filter(
      (session) => session.clientId === client.id && session.status === "completed",
    ).length;
    const ended = plans.filter((plan) => plan.clientId === client.id && plan.endedAt !== null).length;
    expect({
      purchases: mailed("Your class package: "),
      endings: mailed("Your subscription has been canceled"),
    }).toEqual({ purchases: completed, endings: ended });
  }

  // Contact: every acknowledged message is there, whole, with the mail that tells the school.
  const stored = await db.selectFrom("contactMessage").selectAll().execute();
  const byEmail = new Map(stored.map((row) => [row.email, row]));
  for (const write of writes.contacts.filter((write) => write.outcome === "acked")) {
    expect(byEmail.get(write.message.email)).toMatchObject(write.message);
  }
  for (const row of stored) {
    expect(mails.get(row.mailOutboxId ?? -1)?.subject).toBe(
      `New message from ${row.firstName} ${row.lastName}`,
    );
  }
}

describe(`a server killed with SIGKILL mid-stream (${engine})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "swim-crash-"));
  let database: { url: string; drop(): Promise<void> } | undefined;
  let server: SpawnedServer | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = postgresUrl ? await temporaryPostgresDatabase(postgresUrl) : undefined;
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? "",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      TZ_SCHOOL: "UTC",
      // One address sends every message here; the limit has tests of its own.
      CONTACT_RATE_LIMIT: "1000000",
    };
  });
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "keeps every acknowledged booking, payment and contact write, and none half-written",
    async () => {
      server = await spawnServer(env);
      let api = await signedIn(server.url, admin.email, admin.password);
      const tags = Array.from(
        { length: 7 },
        (_, index) => `${engine}-${index}-${randomBytes(3).toString("hex")}`,
      );
      const registered = await Promise.all(tags.map((tag) => registerClient(api, tag)));
      const clients = { booking: registered.slice(0, 4), paying: registered.slice(4) };
      await Promise.all(clients.booking.map((client) => buyPlan(api, client)));

      for (let round = 1; round <= rounds; round++) {
        held = undefined;
        await streamUntilKilled(api, server, clients, 60);
        expect(unexpected).toEqual([]);
        server = await spawnServer(env);
        // The admin's session is an acknowledged write too: the same cookie works on the restarted server.
        api = api.at(server.url);
        await api.expect("GET", "/api/clients?search=Durable", undefined);

        const db = openDatabase({
          databaseUrl: database?.url,
          sqliteFile: path.join(dataDir, "swim-school.sqlite"),
        });
        try {
          await checkEverything(db, clients);
        } finally {
          await db.destroy();
        }
        // And the restarted server serves it: each booking client's page shows the dates the database holds.
        for (const client of clients.booking) {
          const { bookings } = await api.expect<{ bookings: { dates: { date: string }[] }[] }>(
            "GET",
            `/api/clients/${client.id}/bookings`,
            undefined,
          );
          expect(allowedDateSets(client.id)).toContainEqual(
            bookings.flatMap((b) => b.dates.map((d) => d.date)),
          );
        }
        // The kill came while the server held a request it had taken and not answered.
        expect(held, `round ${round}`).toBe("cut off");
      }
    },
    120_000 * rounds,
  );
});
