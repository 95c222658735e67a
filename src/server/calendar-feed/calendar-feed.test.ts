import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedInAdmin, signedInClient, type TestAccount } from "../../../test/support/accounts.ts";
import { createBooking } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { bookingMessages, type CalendarFeedResponse } from "../../domain/bookings.ts";
import type { Db } from "../db/database.ts";

/** A client's private calendar feed: the address on the dashboard and the .ics a calendar app subscribes to. */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let alice: TestAccount;
let bob: TestAccount;
let admin: TestAccount;
let aliceLessons: Record<string, number>;

const siteUrl = "https://swim.example";
const feedPrefix = `${siteUrl}/api/calendar-feed/`;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db, { env: { PUBLIC_URL: siteUrl, TZ_SCHOOL: "America/New_York" } });
  alice = await signedInClient(t, { firstName: "Alice" });
  bob = await signedInClient(t, { firstName: "Bob" });
  admin = await signedInAdmin(t);
  // A booking of an ended plan (cancelled), then the current one.
  await createBooking(db, { clientId: alice.id, dates: ["2026-02-10", "2026-02-17"], status: "cancelled" });
  ({ lessonIds: aliceLessons } = await createBooking(db, {
    clientId: alice.id,
    dates: [{ date: "2026-03-05", feedback: "Great kicks; floats alone, 10 seconds" }, "2026-03-12"],
  }));
  await createBooking(db, { clientId: bob.id, dates: ["2026-03-05"] });
});
afterAll(() => testDb.close());

const feedOf = async (as: TestAccount, clientId: string, method: "GET" | "POST" = "GET") => {
  const response = await call(t, method, `/api/clients/${clientId}/calendar-feed`, { cookie: as.cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return (await response.json()) as CalendarFeedResponse;
};

/** Fetches a feed the way a calendar app does: no cookie, no Origin. */
const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
  t.app.request(url.replace(siteUrl, ""), { headers });

interface Component {
  name: string;
  /** Property lines as `NAME;PARAMS` → value; repeated names keep the last. */
  properties: Map<string, string>;
  children: Component[];
}

/**
 * Reads an iCalendar text (RFC 5545): CRLF lines, folded lines joined, every content line `name[;params]:value`,
 * BEGIN/END balanced. Throws on anything else, so a malformed file fails the test.
 */
function parseCalendar(text: string): Component {
  expect(text.endsWith("\r\n")).toBe(true);
  const lines = text
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n");
  const root: Component = { name: "", properties: new Map(), children: [] };
  const stack = [root];
  for (const line of lines) {
    const match = /^([A-Z][A-Z0-9-]*(?:;[^:]*)?):(.*)$/.exec(line);
    if (!match) throw new Error(`not a content line: ${JSON.stringify(line)}`);
    const [, name = "", value = ""] = match;
    const current = stack[stack.length - 1] as Component;
    if (name === "BEGIN") {
      const child: Component = { name: value, properties: new Map(), children: [] };
      current.children.push(child);
      stack.push(child);
    } else if (name === "END") {
      if (current.name !== value) throw new Error(`END:${value} closes ${current.name}`);
      stack.pop();
    } else {
      current.properties.set(name, value);
    }
  }
  expect(stack).toHaveLength(1);
  expect(root.children.map((child) => child.name)).toEqual(["VCALENDAR"]);
  return root.children[0] as Component;
}

const eventsOf = (calendar: Component) => calendar.children.filter((child) => child.name === "VEVENT");

describe("the feed address", () => {
  it("is null until the client makes one; then it is a secret .ics address on the public URL", async () => {
    expect(await feedOf(alice, alice.id)).toEqual({ url: null });
    const made = await feedOf(alice, alice.id, "POST");
    expect(made.message).toBeUndefined();
    expect(made.url).toMatch(/^https:\/\/swim\.example\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedOf(alice, alice.id)).toEqual({ url: made.url });
    expect(await feedOf(admin, alice.id)).toEqual({ url: made.url });
  });

  it("is refused to another client and to visitors; an admin may make one for a client", async () => {
    for (const method of ["GET", "POST"]) {
      const path = `/api/clients/${bob.id}/calendar-feed`;
      expect((await call(t, method, path, { cookie: alice.cookie })).status).toBe(403);
      expect((await call(t, method, path)).status).toBe(401);
    }
    expect(await feedOf(bob, bob.id)).toEqual({ url: null });
    const byAdmin = await feedOf(admin, bob.id, "POST");
    expect(byAdmin.url).toMatch(/\.ics$/);
    expect(await feedOf(bob, bob.id)).toEqual({ url: byAdmin.url });

    const missing = await call(t, "POST", "/api/clients/no-such-client/calendar-feed", {
      cookie: admin.cookie,
    });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("client-not-found");
  });
});

describe("GET /api/calendar-feed/:file", () => {
  it("serves the client's current classes as all-day events to a calendar app, without a session", async () => {
    const { url } = await feedOf(alice, alice.id);
    const response = await fetchFeed(url ?? "");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const text = await response.text();
    const calendar = parseCalendar(text);
    expect(calendar.properties.get("VERSION")).toBe("2.0");
    expect(calendar.properties.get("X-WR-CALNAME")).toBe("Aqua Nest Swim School: swim classes");

    // The cancelled booking's February dates are not there; Bob's class is not either.
    const events = eventsOf(calendar);
    expect(events).toHaveLength(2);
    expect(text.match(/^DTSTART;VALUE=DATE:\d{8}\r$/gm)).toEqual([
      "DTSTART;VALUE=DATE:20260305\r",
      "DTSTART;VALUE=DATE:20260312\r",
    ]);
    const [first, second] = events;
    expect(first?.properties.get("DTEND;VALUE=DATE")).toBe("20260306");
    expect(first?.properties.get("SUMMARY")).toBe("Swim class");
    expect(first?.properties.get("UID")).toBe(`lesson-${aliceLessons["2026-03-05"]}@swim.example`);
    expect(first?.properties.get("DESCRIPTION")).toBe(
      "A 30-minute swim class.\\n\\nFeedback: Great kicks\\; floats alone\\, 10 seconds",
    );
    expect(second?.properties.get("DESCRIPTION")).toBe("A 30-minute swim class.");

    // Fetched again (a calendar app polls), each class keeps its UID.
    const again = eventsOf(parseCalendar(await (await fetchFeed(url ?? "")).text()));
    expect(again.map((event) => event.properties.get("UID"))).toEqual(
      events.map((event) => event.properties.get("UID")),
    );
  });

  it("serves a class with a time as a 30-minute event on the school's clock, with its instructor and address", async () => {
    const clara = await signedInClient(t, { firstName: "Clara" });
    await db
      .updateTable("client")
      .set({ address: "12 Pool Lane, Springfield" })
      .where("id", "=", clara.id)
      .execute();
    await createBooking(db, {
      clientId: clara.id,
      dates: [{ date: "2026-07-09", startTime: "09:30", instructorId: admin.id }, "2026-07-16"],
    });
    const { url } = await feedOf(clara, clara.id, "POST");
    const text = await (await fetchFeed(url ?? "")).text();
    const [timed, allDay] = eventsOf(parseCalendar(text));
    // The school is in New York here (TZ_SCHOOL): 09:30 in July is 13:30 UTC.
    expect(timed?.properties.get("DTSTART")).toBe("20260709T133000Z");
    expect(timed?.properties.get("DURATION")).toBe("PT30M");
    expect(timed?.properties.get("TRANSP")).toBe("OPAQUE");
    expect(timed?.properties.get("LOCATION")).toBe("12 Pool Lane\\, Springfield");
    expect(timed?.properties.get("DESCRIPTION")).toBe("A 30-minute swim class.\\n\\nInstructor: Admin");
    expect(allDay?.properties.get("DTSTART;VALUE=DATE")).toBe("20260716");
    expect(allDay?.properties.get("DESCRIPTION")).toBe("A 30-minute swim class.");
  });

  it("speaks the client's stored language, whoever fetches it and in whatever language they ask", async () => {
    const elena = await signedInClient(t, { firstName: "Elena", locale: "es" });
    await createBooking(db, {
      clientId: elena.id,
      dates: [{ date: "2026-03-06", feedback: "Flota sola; ¡muy bien!" }, "2026-03-13"],
    });
    const { url } = await feedOf(elena, elena.id, "POST");
    // A calendar app asks in English (or in no language at all): the feed is still the client's.
    const response = await fetchFeed(url ?? "", { "accept-language": "en-US,en;q=0.9" });
    expect(response.status).toBe(200);
    const calendar = parseCalendar(await response.text());
    expect(calendar.properties.get("X-WR-CALNAME")).toBe("Aqua Nest Swim School: clases de natación");
    const [first, second] = eventsOf(calendar);
    expect(first?.properties.get("SUMMARY")).toBe("Clase de natación");
    expect(first?.properties.get("DESCRIPTION")).toBe(
      "Una clase de natación de 30 minutos.\\n\\nComentarios: Flota sola\\; ¡muy bien!",
    );
    expect(second?.properties.get("DESCRIPTION")).toBe("Una clase de natación de 30 minutos.");
    // Alice's feed stays English for a caller asking in Spanish.
    const { url: alices } = await feedOf(alice, alice.id);
    const english = parseCalendar(await (await fetchFeed(alices ?? "", { "accept-language": "es" })).text());
    expect(english.properties.get("X-WR-CALNAME")).toBe("Aqua Nest Swim School: swim classes");
    expect(eventsOf(english)[0]?.properties.get("SUMMARY")).toBe("Swim class");
  });

  it("is fetched by a browser on another site too (a GET: the same-origin rule is for changes)", async () => {
    const { url } = await feedOf(alice, alice.id);
    const response = await fetchFeed(url ?? "", { origin: "https://calendar.example" });
    expect(response.status).toBe(200);
    expect(eventsOf(parseCalendar(await response.text()))).toHaveLength(2);
  });

  it("follows the bookings: a new class appears at the next fetch", async () => {
    const carol = await signedInClient(t, { firstName: "Carol" });
    const { url } = await feedOf(carol, carol.id, "POST");
    const empty = parseCalendar(await (await fetchFeed(url ?? "")).text());
    expect(eventsOf(empty)).toEqual([]);
    await createBooking(db, { clientId: carol.id, dates: ["2026-04-01"] });
    const one = eventsOf(parseCalendar(await (await fetchFeed(url ?? "")).text()));
    expect(one.map((event) => event.properties.get("DTSTART;VALUE=DATE"))).toEqual(["20260401"]);
  });

  it("stops answering at the old address once the client renews it; the classes keep their UIDs", async () => {
    const { url: old } = await feedOf(alice, alice.id);
    const before = eventsOf(parseCalendar(await (await fetchFeed(old ?? "")).text()));
    const renewed = await feedOf(alice, alice.id, "POST");
    expect(renewed.message).toBe(bookingMessages.calendarFeedRenewed);
    expect(renewed.url).not.toBe(old);
    expect(await feedOf(alice, alice.id)).toEqual({ url: renewed.url });

    expect((await fetchFeed(old ?? "")).status).toBe(404);
    const after = eventsOf(parseCalendar(await (await fetchFeed(renewed.url ?? "")).text()));
    expect(after.map((event) => event.properties.get("UID"))).toEqual(
      before.map((event) => event.properties.get("UID")),
    );
  });

  it("answers 404 to a file name of the wrong shape or an unknown token, whoever asks", async () => {
    const { url } = await feedOf(alice, alice.id);
    const token = (url ?? "").slice(feedPrefix.length, -".ics".length);
    expect(token).toHaveLength(43);
    for (const file of [
      token,
      `${token}.ICS`,
      `${token}.ics.ics`,
      `${token.slice(1)}.ics`,
      `${token}A.ics`,
      `${token.slice(1)}!.ics`,
      `${"A".repeat(43)}.ics`,
      "..%2F..%2Fetc%2Fpasswd.ics",
    ]) {
      const response = await call(t, "GET", `/api/calendar-feed/${file}`, { cookie: alice.cookie });
      expect(response.status, file).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not-found");
    }
  });
});
