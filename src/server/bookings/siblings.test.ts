import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedInAdmin, signedInClient, type TestAccount } from "../../../test/support/accounts.ts";
import { addSwimmer, createPlan } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp, testClock } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type {
  BookingDraftResponse,
  ClientBookingsResponse,
  SaveBookingResponse,
} from "../../domain/bookings.ts";
import type { ErrorBody } from "../../domain/error-codes.ts";
import type { Db } from "../db/database.ts";

/**
 * Siblings in one home lesson (issue 26, docs/decisions/019): the Núñez household is Ana (its guardian, who does
 * not swim here: her swimmer row is her own, and she is booked only where chosen), Leo and Mia. The admin books
 * one class with both children and one with Leo alone; each class is one class of the plan, whoever swims; each
 * child's feedback is their own. Monday March 2nd 2026, UTC.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let admin: TestAccount;
let ana: TestAccount;
let other: TestAccount;
let leo: string;
let mia: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db, { clock: testClock("2026-03-02T10:00:00.000Z"), env: { TZ_SCHOOL: "UTC" } });
  admin = await signedInAdmin(t);
  ana = await signedInClient(t, { firstName: "Ana", lastName: "Núñez" });
  other = await signedInClient(t, { firstName: "Otto", lastName: "Other" });
  leo = await addSwimmer(db, { clientId: ana.id, firstName: "Leo", lastName: "Núñez" });
  mia = await addSwimmer(db, { clientId: ana.id, firstName: "Mia", lastName: "Núñez" });
  await createPlan(db, { clientId: ana.id, packType: "8_60", createdAt: "2026-03-01T09:00:00.000Z" });
});
afterAll(() => testDb.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  call(t, method, path, { cookie: admin.cookie, body });
const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
};
const errorOf = async (response: Response) => (await json<ErrorBody>(response, 400)).error;
const whoSwims = (saved: SaveBookingResponse) =>
  Object.fromEntries(
    saved.booking.dates.map((day) => [day.date, day.swimmers.map((swimmer) => swimmer.firstName)]),
  );

let bookingId: number;

describe("booking siblings", () => {
  it("Create Booking lists the household's swimmers", async () => {
    const draft = await json<BookingDraftResponse>(await asAdmin("GET", `/api/bookings/draft/${ana.id}`));
    expect(draft.swimmers.map((swimmer) => swimmer.firstName)).toEqual(["Ana", "Leo", "Mia"]);
  });

  it("books one class with both children and one with Leo alone; each uses one class of the plan", async () => {
    const both = await json<SaveBookingResponse>(
      await asAdmin("POST", "/api/bookings", {
        clientId: ana.id,
        dates: ["2026-03-03"],
        swimmerIds: [leo, mia],
      }),
    );
    expect(both.classesLeft).toBe(7);
    bookingId = both.booking.id;
    const alone = await json<SaveBookingResponse>(
      await asAdmin("POST", "/api/bookings", {
        clientId: ana.id,
        dates: ["2026-03-03", "2026-03-10"],
        swimmerIds: [leo],
      }),
    );
    expect(alone.classesLeft).toBe(6);
    expect(whoSwims(alone)).toEqual({ "2026-03-03": ["Leo", "Mia"], "2026-03-10": ["Leo"] });
  });

  it("refuses a swimmer of another household, or none", async () => {
    const foreign = await asAdmin("POST", "/api/bookings", {
      clientId: ana.id,
      dates: ["2026-03-03", "2026-03-10", "2026-03-17"],
      swimmerIds: [other.id],
    });
    expect((await errorOf(foreign)).message).toBe("That swimmer is not one of this client's.");
    const nobody = await asAdmin("PUT", `/api/bookings/${bookingId}/swimmers`, {
      date: "2026-03-10",
      swimmerIds: [],
    });
    expect((await errorOf(nobody)).message).toBe("Choose at least one swimmer for the class.");
  });

  it("keeps each child's feedback under their own name, and asks whose a class of two's feedback is", async () => {
    await t.clock.set("2026-03-10T12:00:00.000Z");
    await db.updateTable("session").set({ lastActiveAt: t.clock.now().toISOString() }).execute();
    const whose = await asAdmin("PUT", `/api/bookings/${bookingId}/feedback`, {
      feedbacks: { "2026-03-03": "Both floated." },
    });
    expect((await errorOf(whose)).message).toBe(
      "Several swimmers are in the class of March 3, 2026: write the feedback under each one's name.",
    );
    const saved = await json<SaveBookingResponse>(
      await asAdmin("PUT", `/api/bookings/${bookingId}/feedback`, {
        feedbacks: {
          "2026-03-03": { [leo]: "Leo floated alone.", [mia]: "Mia put her face in." },
          "2026-03-10": "Kicks.",
        },
      }),
    );
    const day = (date: string) => saved.booking.dates.find((each) => each.date === date);
    expect(day("2026-03-03")?.swimmers.map((swimmer) => [swimmer.firstName, swimmer.feedback])).toEqual([
      ["Leo", "Leo floated alone."],
      ["Mia", "Mia put her face in."],
    ]);
    expect(day("2026-03-10")?.swimmers).toEqual([{ id: leo, firstName: "Leo", feedback: "Kicks." }]);

    // The guardian reads it the same way on their pages.
    const own = await json<ClientBookingsResponse>(
      await call(t, "GET", `/api/clients/${ana.id}/bookings`, { cookie: ana.cookie }),
    );
    expect(own.bookings[0]?.dates[0]?.swimmers.map((swimmer) => swimmer.feedback)).toEqual([
      "Leo floated alone.",
      "Mia put her face in.",
    ]);
  });

  it("names each child in the feedback mail", async () => {
    const [mail] = await db
      .selectFrom("mailOutbox")
      .select("body")
      .where("toAddress", "=", ana.email)
      .where("subject", "=", "New feedback on your swim class")
      .execute();
    expect(mail?.body).toContain("March 3, 2026 · Mia\nMia put her face in.");
    expect(mail?.body).toContain("March 10, 2026 · Leo\nKicks.");
  });

  it("changes who swims in a class, but keeps a child who already has feedback in it", async () => {
    const kept = await asAdmin("PUT", `/api/bookings/${bookingId}/swimmers`, {
      date: "2026-03-03",
      swimmerIds: [leo],
    });
    expect((await errorOf(kept)).message).toBe(
      "Mia already has feedback for the class of March 3, 2026, so they stay in it.",
    );
    const added = await json<SaveBookingResponse>(
      await asAdmin("PUT", `/api/bookings/${bookingId}/swimmers`, {
        date: "2026-03-10",
        swimmerIds: [leo, mia],
      }),
    );
    expect(whoSwims(added)["2026-03-10"]).toEqual(["Leo", "Mia"]);
    expect(added.classesLeft).toBe(6);
    const other = await asAdmin("PUT", `/api/bookings/${bookingId}/swimmers`, {
      date: "2026-03-11",
      swimmerIds: [leo],
    });
    expect((await errorOf(other)).message).toBe("2026-03-11 is not a date of this booking.");
  });
});
