import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActiveSubscriptionInfo } from "../../src/domain/subscriptions.ts";
import type { Db } from "../../src/server/db/database.ts";
import { isPostgres } from "../../src/server/db/portable.ts";
import { call, signedInAdmin, signIn, type TestAccount } from "./accounts.ts";
import {
  createBooking,
  createClient,
  createPlan,
  type NewBooking,
  type NewClient,
  type NewPlan,
  passwordHashOf,
  seed,
} from "./factories.ts";
import { buildTestApp, type TestApp, testClock } from "./test-app.ts";
import { createTestDatabase } from "./test-database.ts";

/**
 * The factories write what the services write: a client registered, a plan bought, a booking saved with feedback,
 * and a plan cancelled with its booking, each done once through the real routes and once by the factories (one at a
 * time, and in bulk), then compared column by column, ids aside, with the search-index rows their triggers made.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let admin: TestAccount;
const clock = testClock("2026-03-02T15:00:00.000Z"); // 10:00 on Monday March 2nd in New York
const bought = clock.now().toISOString();
const cancelledAt = "2026-03-05T15:00:00.000Z";

/** What the routes made: a client with an active plan and a booking, and one whose plan was cancelled. */
const viaRoutes = { active: "", ended: "" };

const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
};
const asAdmin = (method: string, path: string, body?: unknown) =>
  call(t, method, path, { cookie: admin.cookie, body });

async function register(firstName: string, lastName: string, email: string, packType: string) {
  const body = { firstName, lastName, email, phoneNumber: "+15551234567", defaultPackType: packType };
  return (await json<{ client: { id: string } }>(await asAdmin("POST", "/api/clients", body), 201)).client.id;
}

async function buy(clientId: string, email: string, packType: string) {
  const started = await json<{ url: string }>(
    await asAdmin("POST", "/api/subscriptions/create-checkout-session", {
      email,
      userId: clientId,
      packType,
    }),
  );
  await json(await asAdmin("POST", `/api/payments/local/${started.url.split("/").pop()}/pay`));
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db, { clock, env: { TZ_SCHOOL: "America/New_York" } });
  admin = await signedInAdmin(t);

  viaRoutes.active = await register("María", "López", "maria@example.com", "8_55");
  await buy(viaRoutes.active, "maria@example.com", "8_55");
  const saved = await json<{ booking: { id: number } }>(
    await asAdmin("POST", "/api/bookings", {
      clientId: viaRoutes.active,
      dates: ["2026-03-05", "2026-03-02"],
    }),
  );
  // Feedback for the class of today, March 2nd: an upcoming class takes none (issue 24).
  await json(
    await asAdmin("PUT", `/api/bookings/${saved.booking.id}/feedback`, {
      feedbacks: { "2026-03-02": "Great kicks; floats alone" },
    }),
  );

  viaRoutes.ended = await register("Øle", "Ended", "ole@example.com", "4_60");
  await buy(viaRoutes.ended, "ole@example.com", "4_60");
  await json(
    await asAdmin("POST", "/api/bookings", {
      clientId: viaRoutes.ended,
      dates: ["2026-03-03", "2026-03-10"],
    }),
  );
  clock.set(cancelledAt);
  await db.updateTable("session").set({ lastActiveAt: cancelledAt }).execute();
  const plan = await json<ActiveSubscriptionInfo>(
    await asAdmin("GET", `/api/subscriptions/used-classes/${viaRoutes.ended}`),
  );
  await json(
    await asAdmin("POST", "/api/subscriptions/cancel-subscription", {
      userId: viaRoutes.ended,
      subscriptionId: plan.subscriptionId,
    }),
  );
});
afterAll(() => testDb.close());

/** The same client, plan and booking as the routes made, as the factories take them. */
async function sameAsRoutes(suffix: string) {
  const passwordHash = await passwordHashOf(t.auth, "factory-password-1");
  const client = (id: string, firstName: string, lastName: string, packType: "8_55" | "4_60"): NewClient => ({
    id,
    firstName,
    lastName,
    email: `${id}@Example.com`,
    phoneNumber: "+15551234567",
    defaultPackType: packType,
    passwordHash,
    mustChangePassword: true,
    createdAt: bought,
  });
  const active = client(`active${suffix}`, "María", "López", "8_55");
  const ended = client(`ended${suffix}`, "Øle", "Ended", "4_60");
  const activePlan: NewPlan = { clientId: active.id as string, packType: "8_55", createdAt: bought };
  const endedPlan: NewPlan = {
    clientId: ended.id as string,
    packType: "4_60",
    isActive: false,
    createdAt: bought,
    endedAt: cancelledAt,
  };
  const activeBooking: Omit<NewBooking, "planId"> = {
    clientId: active.id as string,
    // Booked by the admin, who teaches them (no time set).
    dates: [
      { date: "2026-03-05", instructorId: admin.id },
      { date: "2026-03-02", feedback: "Great kicks; floats alone", instructorId: admin.id },
    ],
    createdAt: bought,
  };
  // Its class after the cancellation was freed; the past one stays.
  const endedBooking: Omit<NewBooking, "planId"> = {
    clientId: ended.id as string,
    dates: [{ date: "2026-03-03", instructorId: admin.id }],
    status: "cancelled",
    createdAt: bought,
  };
  return { active, ended, activePlan, endedPlan, activeBooking, endedBooking };
}

/** Every row about a client, ids and the password hash (salted) left out; the index rows as searches see them. */
async function rowsAbout(clientId: string) {
  const without = <R extends object>(row: R, ...columns: string[]) =>
    Object.fromEntries(Object.entries(row).filter(([column]) => !columns.includes(column)));
  const ids = ["id", "userId", "accountId", "clientId", "planId", "bookingId", "subscriptionId", "email"];
  const user = await db.selectFrom("user").selectAll().where("id", "=", clientId).executeTakeFirstOrThrow();
  const accounts = await db.selectFrom("account").selectAll().where("userId", "=", clientId).execute();
  const client = await db
    .selectFrom("client")
    .selectAll()
    .where("id", "=", clientId)
    .executeTakeFirstOrThrow();
  const plans = await db
    .selectFrom("subscriptionPlan")
    .selectAll()
    .where("clientId", "=", clientId)
    .execute();
  const bookings = await db.selectFrom("booking").selectAll().where("clientId", "=", clientId).execute();
  const lessons = await db
    .selectFrom("lesson")
    .selectAll()
    .where("clientId", "=", clientId)
    .orderBy("date")
    .execute();
  return {
    user: without(user, ...ids),
    accounts: accounts.map((account) => without(account, ...ids, "password")),
    client: without(client, ...ids),
    plans: plans.map((plan) => ({
      ...without(plan, ...ids),
      subscriptionId: plan.subscriptionId?.startsWith("local_sub_"),
    })),
    bookings: await Promise.all(
      bookings.map(async (booking) => ({
        ...without(booking, ...ids),
        subscriptionId: booking.subscriptionId === plans[0]?.subscriptionId,
        search: await bookingSearchOf(booking.id),
      })),
    ),
    lessons: lessons.map((lesson) => without(lesson, ...ids)),
    clientSearchName: await clientSearchNameOf(clientId),
  };
}

/** The client's row in the name index (SQLite; PostgreSQL indexes the client's own columns). */
async function clientSearchNameOf(clientId: string) {
  if (isPostgres(db)) return null;
  const row = await db
    .selectFrom("clientName")
    .select("name")
    .where("clientId", "=", clientId)
    .executeTakeFirst();
  return row?.name;
}

/** The booking's row in bookingSearch: read on PostgreSQL; on SQLite (an FTS5 index) what its name and title find. */
async function bookingSearchOf(bookingId: number) {
  if (isPostgres(db)) {
    return db
      .selectFrom("bookingSearch")
      .select(["name", "title"])
      .where("bookingId", "=", bookingId)
      .executeTakeFirst();
  }
  const finds = async (column: "name" | "title", text: string) => {
    const { rows } = await sql<{ id: number }>`select rowid as "id" from "bookingSearch"
      where "bookingSearch" match ${`${column} : "${text}"`}`.execute(db);
    return rows.some((row) => row.id === bookingId);
  };
  const booking = await db
    .selectFrom("booking")
    .innerJoin("client", "client.id", "booking.clientId")
    .select(["booking.title", "client.firstNameSearch", "client.lastNameSearch"])
    .where("booking.id", "=", bookingId)
    .executeTakeFirstOrThrow();
  return {
    byName: await finds("name", `${booking.firstNameSearch} ${booking.lastNameSearch}`),
    byTitle: await finds("title", booking.title.toLowerCase()),
  };
}

async function expectSameRows(made: Awaited<ReturnType<typeof sameAsRoutes>>) {
  expect(await rowsAbout(made.active.id as string)).toEqual(await rowsAbout(viaRoutes.active));
  expect(await rowsAbout(made.ended.id as string)).toEqual(await rowsAbout(viaRoutes.ended));
}

describe("the factories write the rows the routes write", () => {
  it("one at a time: a client, its plan, its booking with lessons and feedback; an ended plan and its booking", async () => {
    const made = await sameAsRoutes("one");
    for (const [client, plan, booking] of [
      [made.active, made.activePlan, made.activeBooking],
      [made.ended, made.endedPlan, made.endedBooking],
    ] as const) {
      await createClient(db, client);
      const planId = await createPlan(db, plan);
      await createBooking(db, { ...booking, planId });
    }
    await expectSameRows(made);
  });

  it("in bulk, the same", async () => {
    const made = await sameAsRoutes("bulk");
    await seed(db, {
      clients: [made.active, made.ended],
      plans: [made.activePlan, made.endedPlan],
      bookings: [
        { ...made.activeBooking, plan: made.activePlan },
        { ...made.endedBooking, plan: made.endedPlan },
      ],
    });
    await expectSameRows(made);
    // The list totals' counters, kept by triggers (per row on SQLite, per statement on PostgreSQL).
    for (const table of ["client", "booking"] as const) {
      const counted = await db
        .selectFrom("rowCount")
        .select("count")
        .where("tableName", "=", table)
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as("rows"))
        .executeTakeFirstOrThrow();
      expect(Number(counted.count)).toBe(Number(rows.rows));
    }
  });

  it("a factory's client signs in with its password, as a real better-auth user", async () => {
    const client = await createClient(db, {
      email: "signs-in@example.com",
      passwordHash: await passwordHashOf(t.auth, "factory-password-1"),
    });
    const { response } = await signIn(t, client.email, "factory-password-1");
    expect(await response.json()).toEqual({ role: "client", mustChangePassword: false });
  });
});
