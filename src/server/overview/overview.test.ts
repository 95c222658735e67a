import { parse } from "csv-parse/sync";
import { SelectQueryNode } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import {
  call,
  json,
  signedInAdmin,
  signedInInstructor,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import {
  addFailedMail,
  addPassedLevel,
  createBooking,
  createClient,
  createPlan,
  type NewLesson,
  type NewPlan,
  passwordHashOf,
  seedProgress,
} from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp, testClock } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { packOf } from "../../domain/pack-catalogue.ts";
import type { OverviewResponse, ReportsResponse } from "../../domain/reports.ts";
import { dayInZone } from "../../domain/school-day.ts";
import type { Attendance } from "../../domain/today.ts";
import { issueCredit } from "../credits/service.ts";
import { curriculumOf } from "../curriculum/service.ts";
import { type Counter, createCounter } from "../db/counting.ts";
import type { Db } from "../db/database.ts";
import { silentLog } from "../http/log.ts";
import { createOverview } from "./service.ts";

/**
 * The owner's overview and reports (issue 30) over a seeded month on a real database (SQLite here, PostgreSQL
 * under TEST_DATABASE_URL): every figure the API computes in SQL is counted again here, in plain JavaScript, from
 * the rows the factories were given. The school is in Madrid; "today" is Wednesday 18 March 2026.
 */
const timeZone = "Europe/Madrid";
const today = "2026-03-18";

interface SeededLesson {
  household: string;
  date: string;
  instructor: "i1" | "i2";
  attendance?: Attendance;
  feedback?: string;
  cancelled?: boolean;
}

interface SeededHousehold {
  key: string;
  firstName: string;
  lastName: string;
  plan: Omit<NewPlan, "clientId">;
}

const households: SeededHousehold[] = [
  // Bought in March, every class booked: running out.
  {
    key: "a",
    firstName: "Ana",
    lastName: "Núñez",
    plan: { packType: "4_60", createdAt: "2026-03-03T12:00:00.000Z" },
  },
  // Bought in February, classes left, a lesson today: not idle. A formula for a name, for the CSV.
  {
    key: "b",
    firstName: "Bea",
    lastName: "=SUM(A1)",
    plan: { packType: "8_55", createdAt: "2026-02-10T12:00:00.000Z" },
  },
  // Bought in January, renewed in March, one class booked since: idle for the next two weeks.
  {
    key: "c",
    firstName: "Carl",
    lastName: "Idle",
    plan: {
      packType: "4_50",
      createdAt: "2026-01-05T12:00:00.000Z",
      periodStartedAt: "2026-03-10T12:00:00.000Z",
    },
  },
  // Ended in December: in no list, and sold before the months counted.
  {
    key: "d",
    firstName: "Dora",
    lastName: "Ended",
    plan: { packType: "8_60", createdAt: "2025-12-01T12:00:00.000Z", isActive: false },
  },
];

const lessons: SeededLesson[] = [
  { household: "a", date: "2026-03-05", instructor: "i1", attendance: "present", feedback: "Floats alone." },
  { household: "a", date: "2026-03-12", instructor: "i1", attendance: "present" },
  { household: "a", date: today, instructor: "i1" },
  { household: "a", date: "2026-03-25", instructor: "i1" },
  { household: "b", date: "2026-03-16", instructor: "i2", cancelled: true },
  { household: "b", date: "2026-03-17", instructor: "i2", attendance: "absent" },
  { household: "b", date: today, instructor: "i2", attendance: "present", feedback: "Early start." },
  { household: "c", date: "2026-02-02", instructor: "i1" },
  { household: "c", date: "2026-03-11", instructor: "i2", attendance: "late", feedback: "Kicks well." },
  { household: "c", date: "2026-01-20", instructor: "i2", attendance: "present", feedback: "First class." },
];

/** Every count the app started, so a test can wait for one running in the background (db/kept-counts.ts). */
const counts: Promise<unknown>[] = [];
const watched = (counter: Counter): Counter => ({
  ...counter,
  count(task, input) {
    const counting = counter.count(task, input);
    counts.push(counting.catch(() => {}));
    return counting;
  },
});
const countsDone = () => Promise.all(counts);

let t: TestApp;
let db: Db;
let owner: TestAccount;
const staff = {} as Record<"i1" | "i2", TestAccount>;
const names = { i1: "Ivy One", i2: "Ian Two" };
const clientIds: Record<string, string> = {};

beforeAll(async () => {
  const testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(testDb.db, {
    clock: testClock("2026-03-18T10:00:00.000Z"),
    env: { TZ_SCHOOL: timeZone },
    counter: watched(createCounter(testDb.db, { log: silentLog })),
  });
  owner = await signedInAdmin(t);
  staff.i1 = await signedInInstructor(t, { name: names.i1 });
  staff.i2 = await signedInInstructor(t, { name: names.i2 });
  const passwordHash = await passwordHashOf(t.auth, "household-password-1");
  for (const household of households) {
    const { id } = await createClient(t.db, {
      firstName: household.firstName,
      lastName: household.lastName,
      email: `${household.key}-${Date.now()}@example.com`,
      phoneNumber: "5550100",
      passwordHash,
    });
    clientIds[household.key] = id;
    const planId = await createPlan(t.db, { clientId: id, ...household.plan });
    const dates: NewLesson[] = lessons
      .filter((lesson) => lesson.household === household.key)
      .map((lesson) => ({
        date: lesson.date,
        startTime: "10:00",
        instructorId: staff[lesson.instructor].id,
        attendance: lesson.attendance,
        feedback: lesson.feedback,
        cancelledAt: lesson.cancelled ? "2026-03-15T09:00:00.000Z" : undefined,
      }));
    if (dates.length > 0) await createBooking(t.db, { clientId: id, planId, dates });
  }
  await t.db.transaction().execute(async (trx) => {
    for (const [key, expiresOn] of [
      ["b", "2026-03-22"],
      ["c", "2026-04-30"],
    ] as const) {
      await issueCredit(trx, {
        householdId: clientIds[key] as string,
        swimmerId: null,
        kind: "school",
        reason: "Pool closed",
        expiresOn,
        issuedByUserId: owner.id,
        now: t.clock.now(),
        timeZone,
      });
    }
  });
  await addFailedMail(t.db, { toAddress: "nobody@example.com", nextAttemptAt: "2026-03-17T10:00:00.000Z" });
  // Progress: Ana passes a level in March; one of its skills was mastered first in February.
  const { skills, scale } = await curriculumOf(t.db);
  const mastered = scale.ratings.find((rating) => rating.mastered);
  const anaSwimmer = clientIds.a as string;
  await seedProgress(t.db, {
    assessments: [
      {
        swimmerId: anaSwimmer,
        skillId: (skills[0] as { id: number }).id,
        ratingId: (mastered as { id: number }).id,
        scaleVersion: scale.version,
        at: "2026-02-10T10:00:00.000Z",
      },
    ],
    levelResults: [],
  });
  await addPassedLevel(t.db, {
    swimmerId: anaSwimmer,
    at: "2026-03-06T10:00:00.000Z",
    byUserId: staff.i1.id,
  });
});

const overviewAs = async (who: TestAccount) =>
  json<OverviewResponse>(await call(t, "GET", "/api/overview?fresh=1", { cookie: who.cookie }));

// The same figures, counted in JavaScript from what the factories were given.
const nameOf = (key: string) => {
  const household = households.find((each) => each.key === key) as SeededHousehold;
  return `${household.firstName} ${household.lastName}`;
};
const standing = (lesson: SeededLesson) => !lesson.cancelled;
const taughtBetween = (from: string, who?: "i1" | "i2") =>
  lessons.filter((l) => standing(l) && l.date >= from && l.date < today && (!who || l.instructor === who))
    .length;
const missingFeedback = (who?: "i1" | "i2") =>
  lessons
    // The last 30 days: C's February lesson is older.
    .filter((l) => standing(l) && l.date >= "2026-02-16" && l.date < today && (!who || l.instructor === who))
    .filter((l) => !l.feedback && l.attendance !== "absent")
    .sort((x, y) => (x.date < y.date ? 1 : -1))
    .map((l) => ({ date: l.date, householdName: nameOf(l.household) }));
const planStartDay = (household: SeededHousehold) =>
  dayInZone(new Date(household.plan.periodStartedAt ?? (household.plan.createdAt as string)), timeZone);
const classesLeft = (household: SeededHousehold) =>
  packOf(household.plan.packType as never).classes -
  lessons.filter((l) => l.household === household.key && l.date >= planStartDay(household)).length;
const active = households.filter((household) => household.plan.isActive !== false);
const price = (household: SeededHousehold) => {
  const pack = packOf(household.plan.packType as never);
  return pack.classes * pack.pricePerClass;
};
const salesIn = (month: string) => {
  const sold = households.flatMap((household) => [
    ...(household.plan.createdAt?.startsWith(month) ? [price(household)] : []),
    ...(household.plan.periodStartedAt?.startsWith(month) ? [price(household)] : []),
  ]);
  return { packages: sold.length, revenue: sold.reduce((sum, each) => sum + each, 0) };
};

describe("the overview", () => {
  it("shows the owner today's lessons by instructor, what is unrecorded, the classes taught and the month's sales", async () => {
    const overview = await overviewAs(owner);
    expect(overview.scope).toBe("school");
    expect(overview.today).toBe(today);
    const todays = lessons.filter((lesson) => lesson.date === today);
    expect(
      overview.lessonsToday.map((day) => ({
        name: day.instructorName,
        total: day.total,
        unrecorded: day.unrecorded,
        lessons: day.lessons.map((lesson) => [lesson.householdName, lesson.unrecorded]),
      })),
    ).toEqual(
      (["i2", "i1"] as const).map((who) => ({
        // Ordered by name: Ian before Ivy.
        name: names[who],
        total: todays.filter((lesson) => lesson.instructor === who).length,
        unrecorded: todays.filter((lesson) => lesson.instructor === who && !lesson.attendance).length,
        lessons: todays
          .filter((lesson) => lesson.instructor === who)
          .map((lesson) => [nameOf(lesson.household), lesson.attendance ? 0 : 1]),
      })),
    );
    expect(overview.taught).toEqual({
      week: taughtBetween("2026-03-16"),
      month: taughtBetween("2026-03-01"),
      weekFrom: "2026-03-16",
      monthFrom: "2026-03-01",
    });
    expect(overview.sales).toEqual({ month: "2026-03", ...salesIn("2026-03"), currency: "USD" });
  });

  it("lists what needs the owner: packages running out, idle households, credits expiring, feedback, failed mail", async () => {
    const overview = await overviewAs(owner);
    const runningOut = active.filter((household) => classesLeft(household) <= 1);
    expect(overview.runningOut?.total).toBe(runningOut.length);
    expect(overview.runningOut?.items.map((item) => [item.householdName, item.left])).toEqual(
      runningOut.map((household) => [nameOf(household.key), Math.max(0, classesLeft(household))]),
    );
    const idle = active.filter(
      (household) =>
        classesLeft(household) > 0 &&
        !lessons.some(
          (l) => l.household === household.key && standing(l) && l.date >= today && l.date <= "2026-03-31",
        ),
    );
    expect(overview.idleHouseholds?.items.map((item) => [item.householdName, item.left])).toEqual(
      idle.map((household) => [nameOf(household.key), classesLeft(household)]),
    );
    expect(overview.creditsExpiring?.items.map((item) => [item.householdName, item.expiresOn])).toEqual([
      [nameOf("b"), "2026-03-22"],
    ]);
    expect(overview.feedbackMissing.total).toBe(missingFeedback().length);
    expect(
      overview.feedbackMissing.items.map(({ date, householdName }) => ({ date, householdName })),
    ).toEqual(missingFeedback());
    expect(overview.failedMail?.items.map((item) => item.toAddress)).toEqual(["nobody@example.com"]);
  });

  it("shows an instructor their own lessons only, and no money or households' lists", async () => {
    for (const who of ["i1", "i2"] as const) {
      const overview = await overviewAs(staff[who]);
      expect(overview.scope).toBe("instructor");
      expect(overview.lessonsToday.map((day) => day.instructorName)).toEqual([names[who]]);
      expect(overview.taught.month).toBe(taughtBetween("2026-03-01", who));
      expect(overview.taught.week).toBe(taughtBetween("2026-03-16", who));
      expect(
        overview.feedbackMissing.items.map(({ date, householdName }) => ({ date, householdName })),
      ).toEqual(missingFeedback(who));
      expect(overview).toMatchObject({
        sales: null,
        runningOut: null,
        idleHouseholds: null,
        creditsExpiring: null,
        failedMail: null,
      });
      expect(JSON.stringify(overview)).not.toContain("revenue");
    }
  });

  it("counts once a minute unless asked to count again", async () => {
    const first = await json<OverviewResponse>(
      await call(t, "GET", "/api/overview", { cookie: owner.cookie }),
    );
    t.clock.advance(30_000);
    const kept = await json<OverviewResponse>(
      await call(t, "GET", "/api/overview", { cookie: owner.cookie }),
    );
    expect(kept.countedAt).toBe(first.countedAt);
    const fresh = await overviewAs(owner);
    expect(fresh.countedAt).not.toBe(first.countedAt);
    t.clock.set("2026-03-18T10:00:00.000Z");
  });

  it("answers Refresh pressed many times at once with one count", async () => {
    let reads = 0;
    const counting = db.withPlugin({
      transformQuery: ({ node }) => {
        if (SelectQueryNode.is(node)) reads++;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const overviewFor = createOverview({
      db: counting,
      clock: t.clock,
      config: { TZ_SCHOOL: timeZone },
      counter: createCounter(counting, { log: silentLog }),
      log: silentLog,
    });
    await overviewFor({ role: "admin" }, { fresh: true });
    const readsOfOneCount = reads;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => overviewFor({ role: "admin" }, { fresh: true })),
    );
    expect(reads).toBe(2 * readsOfOneCount);
    expect(new Set(answers).size).toBe(1);
    // Once that count is done, Refresh counts again.
    await overviewFor({ role: "admin" }, { fresh: true });
    expect(reads).toBe(3 * readsOfOneCount);
  });
});

describe("the reports", () => {
  const months = ["2026-01", "2026-02", "2026-03"];
  const reports = async () =>
    json<ReportsResponse>(
      await call(t, "GET", "/api/reports?from=2026-01&to=2026-03", { cookie: owner.cookie }),
    );

  it("count sales, classes by instructor, attendance and cancellations by month as the rows say", async () => {
    const report = await reports();
    expect(report.months).toEqual(months);
    expect(report.sales).toEqual(months.map((month) => ({ month, ...salesIn(month) })));
    const inMonth = (month: string) => lessons.filter((l) => l.date.startsWith(month) && l.date < today);
    expect(report.classesByInstructor.map((row) => [row.month, row.instructorName, row.classes])).toEqual(
      months.flatMap((month) =>
        (["i2", "i1"] as const)
          .map((who) => [
            month,
            names[who],
            inMonth(month).filter((l) => standing(l) && l.instructor === who).length,
          ])
          .filter(([, , count]) => count !== 0),
      ),
    );
    expect(report.attendance).toEqual(
      months.map((month) => {
        const standingOnes = inMonth(month).filter(standing);
        const recorded = standingOnes.filter((l) => l.attendance);
        return {
          month,
          lessons: inMonth(month).length,
          cancelled: inMonth(month).filter((l) => l.cancelled).length,
          recorded: recorded.length,
          attended: recorded.filter((l) => l.attendance === "present" || l.attendance === "late").length,
        };
      }),
    );
  });

  it("count skills first mastered and levels passed by the school's month", async () => {
    const report = await reports();
    const rows = await t.db
      .selectFrom("assessment")
      .innerJoin("ratingScaleRating", "ratingScaleRating.id", "assessment.ratingId")
      .select(["assessment.swimmerId", "assessment.skillId", "assessment.at", "ratingScaleRating.mastered"])
      .execute();
    const firsts = new Map<string, string>();
    for (const row of rows.filter((each) => each.mastered === 1)) {
      const key = `${row.swimmerId} ${row.skillId}`;
      const seen = firsts.get(key);
      if (!seen || row.at < seen) firsts.set(key, row.at);
    }
    const passed = await t.db.selectFrom("levelResult").select("passedAt").execute();
    const monthOf = (iso: string) => dayInZone(new Date(iso), timeZone).slice(0, 7);
    expect(report.progress).toEqual(
      months.map((month) => ({
        month,
        skillsMastered: [...firsts.values()].filter((at) => monthOf(at) === month).length,
        levelsPassed: passed.filter((row) => monthOf(row.passedAt) === month).length,
      })),
    );
    expect(report.progress.map((row) => row.skillsMastered)).toContain(1);
    expect(report.progress.at(-1)?.levelsPassed).toBe(1);
  });

  it("refuses a range backwards or longer than three years, and a month not written YYYY-MM", async () => {
    for (const query of ["from=2026-03&to=2026-01", "from=2020-01&to=2026-01", "from=2026-1"]) {
      const response = await call(t, "GET", `/api/reports?${query}`, { cookie: owner.cookie });
      expect(response.status, query).toBe(400);
    }
  });
});

describe("CSV exports", () => {
  const download = async (path: string) => {
    const response = await call(t, "GET", path, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z0-9-]+\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // UTF-8 with its byte-order mark, so a spreadsheet reads "Núñez" as written.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return parse(Buffer.from(bytes), { bom: true }) as string[][];
  };

  it("the clients list keeps Núñez and escapes a name that is a formula", async () => {
    const rows = await download("/api/exports/clients.csv");
    expect(rows[0]).toEqual([
      "First name",
      "Last name",
      "Email",
      "Phone",
      "Address",
      "Package",
      "Swimmers",
      "Registered",
    ]);
    const lastNames = rows.slice(1).map((row) => row[1]);
    expect(lastNames).toContain("Núñez");
    expect(lastNames).toContain("'=SUM(A1)");
    expect(lastNames).not.toContain("=SUM(A1)");
  });

  it("the bookings and payments lists have a row per class and per payment", async () => {
    const bookings = await download("/api/exports/bookings.csv");
    expect(bookings.length - 1).toBe(lessons.length);
    expect(
      bookings.slice(1).filter((row) => row[1] === "Bea '=SUM(A1)" || row[1] === "Bea =SUM(A1)"),
    ).toHaveLength(lessons.filter((l) => l.household === "b").length);
    const payments = await download("/api/exports/payments.csv");
    // The purchase, and a renewal when the period started after it, newest first.
    const paid = households.flatMap((household) => {
      const { createdAt, periodStartedAt } = household.plan as {
        createdAt: string;
        periodStartedAt?: string;
      };
      return [
        { household, at: createdAt, kind: "Purchase" },
        ...(periodStartedAt && periodStartedAt > createdAt
          ? [{ household, at: periodStartedAt, kind: "Renewal" }]
          : []),
      ];
    });
    expect(payments.slice(1).map((row) => [row[0], row[4], row[6]])).toEqual(
      paid
        .sort((x, y) => (x.at < y.at ? 1 : -1))
        .map(({ household, kind }) => [nameOf(household.key), String(price(household)), kind]),
    );
  });

  it("each report is a CSV of the months asked, in the reader's language", async () => {
    const sales = await download("/api/reports/sales.csv?from=2026-01&to=2026-03");
    expect(sales).toEqual([
      ["Month", "Packages sold", "Revenue (USD)"],
      ...["2026-01", "2026-02", "2026-03"].map((month) => [
        month,
        String(salesIn(month).packages),
        String(salesIn(month).revenue),
      ]),
    ]);
    for (const name of ["classes", "attendance", "progress"]) {
      const rows = await download(`/api/reports/${name}.csv?from=2026-01&to=2026-03`);
      expect(rows.length).toBeGreaterThan(1);
    }
    const unknown = await call(t, "GET", "/api/reports/secrets.csv", { cookie: owner.cookie });
    expect(unknown.status).toBe(404);
  });
});

describe("counts past their minute (docs/decisions/042)", () => {
  const failedMail = (address: string) =>
    addFailedMail(t.db, {
      toAddress: address,
      nextAttemptAt: "2026-03-17T11:00:00.000Z",
      createdAt: "2026-03-17T11:00:00.000Z",
    });
  // The owner's cookie, signed in again after an hour away (a session ends after 5 idle minutes).
  let cookie: string;
  beforeAll(() => {
    cookie = owner.cookie;
  });
  const overview = async (query = "") =>
    json<OverviewResponse>(await call(t, "GET", `/api/overview${query}`, { cookie }));

  it("serve the last overview at once while the next is counted, which the request after sees", async () => {
    const last = await overview("?fresh=1");
    await failedMail("late@example.com");
    t.clock.advance(61_000);
    const served = await overview();
    expect(served.countedAt).toBe(last.countedAt);
    expect(served.failedMail?.total).toBe(last.failedMail?.total);
    await countsDone();
    const next = await overview();
    expect(next.countedAt).toBe(t.clock.now().toISOString());
    expect(next.failedMail?.total).toBe((last.failedMail?.total ?? 0) + 1);
  });

  it("wait for a new count on Refresh", async () => {
    const last = await overview();
    await failedMail("later@example.com");
    const refreshed = await overview("?fresh=1");
    expect(refreshed.failedMail?.total).toBe((last.failedMail?.total ?? 0) + 1);
  });

  it("wait for a new count when the last one is from long ago", async () => {
    const last = await overview();
    await failedMail("lunch@example.com");
    t.clock.advance(60 * 60_000);
    cookie = (await signedInAdmin(t)).cookie;
    const after = await overview();
    expect(after.countedAt).toBe(t.clock.now().toISOString());
    expect(after.failedMail?.total).toBe((last.failedMail?.total ?? 0) + 1);
  });

  it("serve the last reports at once on the page, while a CSV waits for the new ones", async () => {
    const range = "from=2026-01&to=2026-03";
    const reports = async () =>
      json<ReportsResponse>(await call(t, "GET", `/api/reports?${range}`, { cookie }));
    const last = await reports();
    const passed = await addPassedLevel(t.db, {
      swimmerId: clientIds.b as string,
      at: t.clock.now().toISOString(),
      byUserId: staff.i2.id,
    });
    t.clock.advance(61_000);
    const served = await reports();
    expect(served.progress).toEqual(last.progress);
    // The page says when its figures are from: the counting it was served, not this request.
    expect(served.countedAt).toBe(last.countedAt);
    const response = await call(t, "GET", `/api/reports/progress.csv?${range}`, { cookie });
    const csv = parse(Buffer.from(await response.arrayBuffer()), { bom: true }) as string[][];
    const levelsPassed = (last.progress.at(-1)?.levelsPassed ?? 0) + 1;
    expect(csv.at(-1)).toEqual(["2026-03", expect.any(String), String(levelsPassed)]);
    const counted = await reports();
    expect(counted.progress.at(-1)?.levelsPassed).toBe(levelsPassed);
    expect(counted.countedAt).toBe(t.clock.now().toISOString());
    await t.db.deleteFrom("levelResult").where("id", "=", passed).execute();
  });
});
