import pg from "pg";
import { addDays } from "../../src/domain/school-day.ts";
import { registerClient } from "../../src/server/clients/service.ts";
import { createBooking } from "../support/factories.ts";
import type { TestApp } from "../support/test-app.ts";

/**
 * PostgreSQL backends terminated while the site's writes hold them, on one instance or several: the admin's
 * `PUT /api/bookings/:id/feedback` and `POST /api/bookings` in loops. Both lock their plan's row inside a
 * transaction; the test holds those rows itself, so every writer's request is inside its transaction, holding
 * its connection, when the backends are terminated: the kill lands on requests in flight by construction.
 */

export interface Answer {
  status: number;
  /** The error code of a JSON error body. */
  code?: string;
}

/** One request as the signed-in admin; rejects if the connection to the site dropped. */
export type Send = (method: "PUT" | "POST", path: string, body: unknown) => Promise<Answer>;

export interface WriteTargets {
  feedback: { bookingId: number; date: string };
  booking: { clientId: string; dates: string[] };
  /** The plans both routes lock. */
  planIds: number[];
}

/** Two clients with a plan each: one booked (for feedback), one whose booking POST /api/bookings saves. */
export async function writeTargets(deps: TestApp, today: string): Promise<WriteTargets> {
  const client = async (name: string) =>
    (
      await registerClient(deps, {
        firstName: name,
        lastName: "Writer",
        email: `${name.toLowerCase()}-${Date.now().toString(36)}@example.com`,
        phoneNumber: "5550100",
        defaultPackType: "8_60",
      })
    ).client.id;
  const feedbackClient = await client("Fiona");
  const bookingClient = await client("Boris");
  // Yesterday: feedback is written for a class whose day has come (issue 24), whatever zone the school is in.
  const date = addDays(today, -1);
  const booked = await createBooking(deps.db, { clientId: feedbackClient, dates: [date] });
  const planOfBooking = await createBooking(deps.db, { clientId: bookingClient, dates: [addDays(today, 3)] });
  return {
    feedback: { bookingId: booked.bookingId, date },
    booking: { clientId: bookingClient, dates: [addDays(today, 5), addDays(today, 7)] },
    planIds: [booked.planId, planOfBooking.planId],
  };
}

let round = 0;
/** The i-th writer's next request: even writers save feedback, odd ones save the booking. */
export function nextWrite(send: Send, targets: WriteTargets, writer: number): Promise<Answer> {
  if (writer % 2 === 1) return send("POST", "/api/bookings", targets.booking);
  const { bookingId, date } = targets.feedback;
  return send("PUT", `/api/bookings/${bookingId}/feedback`, {
    feedbacks: { [date]: `Round ${++round}: good kicks.` },
  });
}

export interface TerminationReport {
  /** The answers to the requests that were inside their transaction when their backends were terminated. */
  inFlight: Answer[];
  /** How many backends were terminated (none counted when `cut` restarts the server instead). */
  terminated: number;
  /** The answers to the same writers' following requests. */
  afterwards: Answer[];
}

/**
 * Starts `writers` loops, waits until each one's request waits on the plan lock inside its transaction (seen in
 * pg_stat_activity), terminates the backends `ours` selects (and waits until they are gone) or runs `cut`
 * instead, releases the plans, and lets each writer send `roundsAfter` more requests.
 */
export async function terminateWhileWriting(options: {
  send: Send;
  targets: WriteTargets;
  /** The site's database, reached on a connection of the test's own. */
  databaseUrl: string;
  schema?: string;
  /** A condition on pg_stat_activity selecting the site's own backends, and nobody else's. */
  ours: { applicationName: string } | { database: string };
  writers: number;
  roundsAfter: number;
  /** What cuts the connections instead of terminating the backends, e.g. restarting the server. */
  cut?: () => Promise<void>;
}): Promise<TerminationReport> {
  const connect = async () => {
    const client = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: "writes-in-flight-test",
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // A restart (`cut`) ends these connections too.
    client.on("error", () => {});
    await client.connect();
    return client;
  };
  // Two connections: a transaction sees pg_stat_activity as it was when it first looked, so the one that watches
  // the writers must stay outside the one that holds the plans.
  const locker = await connect();
  const watcher = await connect();
  try {
    const [column, value] =
      "applicationName" in options.ours
        ? ["application_name", options.ours.applicationName]
        : ["datname", options.ours.database];
    const ours = `${column} = $1 and application_name <> 'writes-in-flight-test'`;

    await locker.query("begin");
    await locker.query(`select id from "subscriptionPlan" where id = any($1) for update`, [
      options.targets.planIds,
    ]);
    // Each writer goes on as soon as it is answered: while a restarting server is still away, too.
    const firstAnswers = Array.from({ length: options.writers }, (_, writer) =>
      nextWrite(options.send, options.targets, writer),
    );
    const laterAnswers = firstAnswers.map(async (first, writer) => {
      await first;
      const answers: Answer[] = [];
      for (let i = 0; i < options.roundsAfter; i++) {
        answers.push(await nextWrite(options.send, options.targets, writer));
      }
      return answers;
    });
    // Fails fast if a writer is answered before it reached the lock (it would not be in flight at the kill).
    const answeredEarly = Promise.race(firstAnswers).then((answer) => {
      throw new Error(`a writer was answered before the kill: ${JSON.stringify(answer)}`);
    });
    // Reported through Promise.all below, or not at all when the wait fails first.
    for (const pending of [answeredEarly, ...laterAnswers]) pending.catch(() => {});
    await Promise.race([answeredEarly, waitForLockWaiters(watcher, ours, value, options.writers)]);

    let terminated = 0;
    if (options.cut) {
      await options.cut();
    } else {
      const { rows } = await watcher.query<{ terminated: number }>(
        `select count(*)::int as terminated from pg_stat_activity where ${ours} and pg_terminate_backend(pid, 10000)`,
        [value],
      );
      terminated = rows[0]?.terminated ?? 0;
      await locker.query("rollback");
    }

    const inFlight = await Promise.all(firstAnswers);
    const afterwards = (await Promise.all(laterAnswers)).flat();
    return { inFlight, terminated, afterwards };
  } finally {
    await Promise.all([locker.end(), watcher.end()]).catch(() => {});
  }
}

/** Polls pg_stat_activity until `count` of our backends wait on a lock. */
async function waitForLockWaiters(watcher: pg.Client, ours: string, value: string, count: number) {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const { rows } = await watcher.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity where ${ours} and wait_event_type = 'Lock'`,
      [value],
    );
    if ((rows[0]?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the writers never all reached the plan lock (${count} expected)`);
}
