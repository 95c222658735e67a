import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestBySkill, passesLevel, type ReportCard, ratingOf } from "../src/domain/curriculum.ts";
import { dayInZone } from "../src/domain/school-day.ts";
import { curriculumOf, readScales } from "../src/server/curriculum/service.ts";
import type { Db } from "../src/server/db/database.ts";
import { signIn } from "../test/support/accounts.ts";
import { passwordHashOf } from "../test/support/factories.ts";
import { buildTestApp, type TestApp } from "../test/support/test-app.ts";
import { createTestDatabase } from "../test/support/test-database.ts";
import { seedDemo } from "./seed.ts";

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
const now = new Date("2026-03-02T10:00:00.000Z");

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db);
  const passwordHash = await passwordHashOf(t.auth, "demo-password-1");
  await seedDemo(db, { clients: 40, bookings: 90, passwordHash, timeZone: "UTC", now });
  // A second run adds beside the first (ids and sequences move on).
  await seedDemo(db, { clients: 5, bookings: 5, passwordHash, timeZone: "UTC", now });
});
afterAll(() => testDb.close());

describe("npm run seed", () => {
  it("makes clients who can sign in with the demo password, with the counts asked for", async () => {
    const clients = await db.selectFrom("client").select(["email"]).execute();
    expect(clients).toHaveLength(45);
    expect(await db.selectFrom("booking").select("id").execute()).toHaveLength(95);
    const { response } = await signIn(t, clients[0]?.email ?? "", "demo-password-1");
    expect(response.status).toBe(200);
    expect(((await response.json()) as { mustChangePassword: boolean }).mustChangePassword).toBe(false);
  });

  it("keeps the booking rules: no plan over its classes, one date per client and day, counts that match", async () => {
    const plans = await db
      .selectFrom("subscriptionPlan")
      .leftJoin("lesson", "lesson.planId", "subscriptionPlan.id")
      .select((eb) => [
        "subscriptionPlan.id",
        "subscriptionPlan.totalClasses",
        eb.fn.count("lesson.id").as("booked"),
      ])
      .groupBy(["subscriptionPlan.id", "subscriptionPlan.totalClasses"])
      .execute();
    for (const plan of plans) expect(Number(plan.booked)).toBeLessThanOrEqual(plan.totalClasses);
    const active = await db
      .selectFrom("subscriptionPlan")
      .select(["clientId"])
      .where("isActive", "=", 1)
      .execute();
    expect(new Set(active.map((plan) => plan.clientId)).size).toBe(active.length);

    const bookings = await db
      .selectFrom("booking")
      .innerJoin("lesson", "lesson.bookingId", "booking.id")
      .select((eb) => [
        "booking.classCount",
        "booking.firstDate",
        "booking.amountToPay",
        eb.fn.count("lesson.id").as("dates"),
        eb.fn.min("lesson.date").as("first"),
      ])
      .groupBy(["booking.id", "booking.classCount", "booking.firstDate", "booking.amountToPay"])
      .execute();
    expect(bookings).toHaveLength(95);
    for (const booking of bookings) {
      expect(Number(booking.dates)).toBe(booking.classCount);
      expect(booking.first).toBe(booking.firstDate);
      expect(booking.amountToPay).toBe(60 * booking.classCount);
    }
  });

  it("mixes past classes (most with feedback) and future ones", async () => {
    const today = dayInZone(now, "UTC");
    const lessons = await db
      .selectFrom("lesson")
      .innerJoin("lessonSwimmer", "lessonSwimmer.lessonId", "lesson.id")
      .select(["lesson.date", "lessonSwimmer.feedback"])
      .execute();
    const past = lessons.filter((lesson) => lesson.date < today);
    expect(past.length).toBeGreaterThan(0);
    expect(lessons.length - past.length).toBeGreaterThan(0);
    expect(past.filter((lesson) => lesson.feedback).length).toBeGreaterThan(past.length / 2);
  });

  it("makes believable families: children who swim in their household's classes, second guardians who sign in", async () => {
    const perHousehold = await db
      .selectFrom("swimmer")
      .select((eb) => ["clientId", eb.fn.countAll<string | number>().as("swimmers")])
      .groupBy("clientId")
      .execute();
    const sizes = perHousehold.map((row) => Number(row.swimmers));
    expect(sizes.filter((size) => size >= 2).length).toBeGreaterThan(3);
    expect(Math.max(...sizes)).toBe(3);
    // Some classes have two children in them; every class has at least one swimmer, all of its household.
    const lessons = await db
      .selectFrom("lesson")
      .leftJoin("lessonSwimmer", "lessonSwimmer.lessonId", "lesson.id")
      .leftJoin("swimmer", "swimmer.id", "lessonSwimmer.swimmerId")
      .select(["lesson.id", "lesson.clientId", "swimmer.clientId as swimmerHousehold"])
      .execute();
    for (const row of lessons) expect(row.swimmerHousehold).toBe(row.clientId);
    const perLesson = new Map<number, number>();
    for (const row of lessons) perLesson.set(row.id, (perLesson.get(row.id) ?? 0) + 1);
    expect([...perLesson.values()].some((count) => count === 2)).toBe(true);

    const second = await db
      .selectFrom("guardian")
      .innerJoin("user", "user.id", "guardian.userId")
      .select(["user.email", "guardian.canPay"])
      .whereRef("guardian.userId", "!=", "guardian.clientId")
      .execute();
    expect(second.length).toBeGreaterThan(3);
    const { response } = await signIn(t, second[0]?.email ?? "", "demo-password-1");
    expect(response.status).toBe(200);

    // The admin's search finds a family by a child's name (the children's names are the household's search names).
    const child = await db
      .selectFrom("swimmer")
      .select(["clientId", "firstName"])
      .where("userId", "is", null)
      .executeTakeFirstOrThrow();
    const family = await db
      .selectFrom("client")
      .select("familyNamesSearch")
      .where("id", "=", child.clientId)
      .executeTakeFirstOrThrow();
    expect(family.familyNamesSearch.split("\n")).toContain(child.firstName.toLowerCase());
  });

  it("gives swimmers who had classes believable progress: skills in progress, some levels passed by the one rule", async () => {
    const curriculum = await curriculumOf(db);
    const scales = await readScales(db);
    const assessments = await db.selectFrom("assessment").selectAll().execute();
    const results = await db.selectFrom("levelResult").selectAll().execute();
    const swimmersAssessed = new Set(assessments.map((each) => each.swimmerId));
    expect(swimmersAssessed.size).toBeGreaterThan(10);
    expect(results.length).toBeGreaterThan(3);
    // Each assessment is of a class the swimmer was in, before today, by that class's instructor.
    const classes = await db
      .selectFrom("lessonSwimmer")
      .innerJoin("lesson", "lesson.id", "lessonSwimmer.lessonId")
      .select(["lessonSwimmer.swimmerId", "lesson.id", "lesson.date"])
      .execute();
    const classOf = new Set(classes.map((row) => `${row.swimmerId}/${row.id}/${row.date}`));
    for (const each of assessments) {
      expect(classOf.has(`${each.swimmerId}/${each.lessonId}/${each.at.slice(0, 10)}`)).toBe(true);
    }
    // Every level passed passes by the rule with the history up to then; its report card says mastered throughout.
    for (const result of results) {
      const before = assessments.filter(
        (each) => each.swimmerId === result.swimmerId && each.at <= result.passedAt,
      );
      expect(passesLevel(curriculum, result.levelId, result.swimmerId, before, scales)).toBe(true);
      const card = JSON.parse(result.reportCard) as ReportCard;
      expect(card.skills.filter((skill) => skill.required).every((skill) => skill.rating?.mastered)).toBe(
        true,
      );
      expect(result.certificateNumber).toMatch(/^\d{4}-\d{5}$/);
    }
    // And some swimmers are still on their way: a skill whose latest rating is not yet mastered.
    const stillLearning = [...swimmersAssessed].filter((swimmerId) =>
      [...latestBySkill(assessments, swimmerId).values()].some((each) => !ratingOf(each, scales)?.mastered),
    );
    expect(stillLearning.length).toBeGreaterThan(5);
  });
});
