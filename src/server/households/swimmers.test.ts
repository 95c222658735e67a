import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedInAdmin, signedInClient, type TestAccount } from "../../../test/support/accounts.ts";
import {
  addGuardian,
  createBooking,
  createPlan,
  milestoneRow,
  passwordHashOf,
} from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { expectWordTablesTrue } from "../../../test/support/word-tables.ts";
import type { RegisterClientResponse } from "../../domain/api.ts";
import type { ClientPage } from "../../domain/clients.ts";
import type { Swimmer, SwimmerResponse, SwimmersResponse } from "../../domain/swimmers.ts";
import type { Db } from "../db/database.ts";

/**
 * The admin registers and keeps a family (issue 26): registration with swimmers in one transaction, the swimmers
 * routes (the admin writes; the household's guardians read names only; another household reads nothing; a swimmer
 * with history is kept), and the clients search finding a family by any swimmer's or guardian's name. Runs on
 * PostgreSQL too (npm run test:postgres).
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db);
  admin = await signedInAdmin(t);
});
afterAll(() => testDb.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  call(t, method, path, { cookie: admin.cookie, body });
let registered = 0;
const spec = (firstName: string, lastName: string) => ({
  firstName,
  lastName,
  email: `family-${registered++}@example.com`,
  phoneNumber: "555 010 2030",
  defaultPackType: "4_60",
});

async function swimmersOf(clientId: string): Promise<Swimmer[]> {
  const response = await asAdmin("GET", `/api/clients/${clientId}/swimmers`);
  expect(response.status).toBe(200);
  return ((await response.json()) as SwimmersResponse).swimmers as Swimmer[];
}

async function search(text: string): Promise<ClientPage> {
  const response = await asAdmin("GET", `/api/clients?search=${encodeURIComponent(text)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ClientPage;
}

const userCount = async () =>
  Number(
    (
      await db
        .selectFrom("user")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("registering a family", () => {
  it("the spec's fields alone register a one-person client: their own only swimmer, in English", async () => {
    const response = await asAdmin("POST", "/api/clients", spec("Olga", "Solo"));
    expect(response.status).toBe(201);
    const { client } = (await response.json()) as RegisterClientResponse;
    expect(client.swimmerNames).toEqual([]);
    const swimmers = await swimmersOf(client.id);
    expect(swimmers).toEqual([
      expect.objectContaining({ id: client.id, firstName: "Olga", lastName: "Solo", isGuardian: true }),
    ]);
    const user = await db
      .selectFrom("user")
      .select("locale")
      .where("id", "=", client.id)
      .executeTakeFirstOrThrow();
    expect(user.locale).toBe("en");
  });

  it("a parent with two children, in Spanish: the children are the swimmers, in the form's order", async () => {
    const response = await asAdmin("POST", "/api/clients", {
      ...spec("Lucía", "Quintana"),
      locale: "es",
      clientSwims: false,
      swimmers: [
        {
          firstName: "Leo",
          lastName: "Quintana",
          birthDate: "2019-05-04",
          notes: "Afraid of deep water",
          photoPermission: true,
        },
        { firstName: "Mía", lastName: "Quintana" },
      ],
    });
    expect(response.status).toBe(201);
    const { client } = (await response.json()) as RegisterClientResponse;
    expect(client.swimmerNames).toEqual(["Leo", "Mía"]);
    expect(await swimmersOf(client.id)).toEqual([
      expect.objectContaining({
        firstName: "Leo",
        birthDate: "2019-05-04",
        notes: "Afraid of deep water",
        photoPermission: true,
        isGuardian: false,
        hasHistory: false,
      }),
      // Photo permission is asked for, never assumed.
      expect.objectContaining({ firstName: "Mía", birthDate: null, notes: "", photoPermission: false }),
    ]);
    const user = await db
      .selectFrom("user")
      .select("locale")
      .where("id", "=", client.id)
      .executeTakeFirstOrThrow();
    expect(user.locale).toBe("es");
    // Found by a child's name, with or without the accent; shown as the account holder's row.
    for (const text of ["mia", "LEO"]) {
      const page = await search(text);
      expect(page.items.map((item) => item.firstName)).toContain("Lucía");
    }
  });

  it("a family without a swimmer is refused, and so is a birth date in the future; nothing is written", async () => {
    const before = await userCount();
    const none = await asAdmin("POST", "/api/clients", { ...spec("Nadie", "Nada"), clientSwims: false });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      error: { field: "swimmers", message: expect.stringMatching(/at least one swimmer/) },
    });
    const future = await asAdmin("POST", "/api/clients", {
      ...spec("Futura", "Nada"),
      swimmers: [
        { firstName: "Ok", lastName: "Nada" },
        { firstName: "Later", lastName: "Nada", birthDate: "2999-01-01" },
      ],
    });
    expect(future.status).toBe(400);
    expect(await future.json()).toMatchObject({
      error: { field: "swimmers.1.birthDate", message: expect.stringMatching(/future/) },
    });
    const fake = await asAdmin("POST", "/api/clients", {
      ...spec("Falsa", "Nada"),
      swimmers: [{ firstName: "Feb", lastName: "Nada", birthDate: "2020-02-30" }],
    });
    expect(fake.status).toBe(400);
    expect(await userCount()).toBe(before);
    expect((await search("nada")).total).toBe(0);
  });

  it("a refusal inside the transaction (the email taken) leaves no swimmer behind", async () => {
    const first = spec("Uno", "Igual");
    expect((await asAdmin("POST", "/api/clients", first)).status).toBe(201);
    const swimmersBefore = Number(
      (
        await db
          .selectFrom("swimmer")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const again = await asAdmin("POST", "/api/clients", {
      ...first,
      firstName: "Dos",
      swimmers: [{ firstName: "Hijo", lastName: "Igual" }],
    });
    expect(again.status).toBe(409);
    const swimmersAfter = Number(
      (
        await db
          .selectFrom("swimmer")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(swimmersAfter).toBe(swimmersBefore);
    expect((await search("hijo")).total).toBe(0);
  });
});

describe("/api/clients/:clientId/swimmers", () => {
  let parent: TestAccount;
  let other: TestAccount;
  let child: Swimmer;

  beforeAll(async () => {
    parent = await signedInClient(t, { firstName: "Rosa", lastName: "Marín" });
    other = await signedInClient(t, { firstName: "Otto", lastName: "Other" });
    await createPlan(db, { clientId: parent.id });
    // The parent's own swimmer has a lesson: history.
    await createBooking(db, { clientId: parent.id, dates: ["2026-03-05"] });
  });

  it("the admin adds a child; the family is found by the child's name and lists it under the parent", async () => {
    expect((await search("zacarías")).total).toBe(0);
    const response = await asAdmin("POST", `/api/clients/${parent.id}/swimmers`, {
      firstName: "Zacarías",
      lastName: "Marín",
      birthDate: "2020-01-15",
      notes: "Asthma: inhaler in the bag",
      photoPermission: true,
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as SwimmerResponse;
    expect(body.message).toBe("Swimmer added.");
    child = body.swimmer;
    const page = await search("zacarias");
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: parent.id,
      firstName: "Rosa",
      swimmerNames: ["Rosa", "Zacarías"],
    });
  });

  it("the household's guardian reads names and birth dates, without the notes; another household reads nothing", async () => {
    const own = await call(t, "GET", `/api/clients/${parent.id}/swimmers`, { cookie: parent.cookie });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({
      swimmers: [
        { id: parent.id, firstName: "Rosa", lastName: "Marín", birthDate: null },
        { id: child.id, firstName: "Zacarías", lastName: "Marín", birthDate: "2020-01-15" },
      ],
    });
    const stranger = await call(t, "GET", `/api/clients/${parent.id}/swimmers`, { cookie: other.cookie });
    expect(stranger.status).toBe(403);
    // A guardian cannot write, even in their own household.
    const write = await call(t, "PATCH", `/api/clients/${parent.id}/swimmers/${child.id}`, {
      cookie: parent.cookie,
      body: { notes: "mine" },
    });
    expect(write.status).toBe(403);
  });

  it("the admin edits a child's notes; a swimmer of another household is not found through this one", async () => {
    const response = await asAdmin("PATCH", `/api/clients/${parent.id}/swimmers/${child.id}`, {
      notes: "Asthma: inhaler in the blue bag",
      photoPermission: false,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as SwimmerResponse).swimmer).toMatchObject({
      notes: "Asthma: inhaler in the blue bag",
      photoPermission: false,
      firstName: "Zacarías",
    });
    const crossed = await asAdmin("PATCH", `/api/clients/${other.id}/swimmers/${child.id}`, { notes: "x" });
    expect(crossed.status).toBe(404);
    const crossedDelete = await asAdmin("DELETE", `/api/clients/${other.id}/swimmers/${child.id}`);
    expect(crossedDelete.status).toBe(404);
    expect((await swimmersOf(parent.id)).map((swimmer) => swimmer.id)).toContain(child.id);
    const tooLong = await asAdmin("PATCH", `/api/clients/${parent.id}/swimmers/${child.id}`, {
      notes: "x".repeat(1001),
    });
    expect(tooLong.status).toBe(400);
  });

  it("renaming a child moves the search with it", async () => {
    const response = await asAdmin("PATCH", `/api/clients/${parent.id}/swimmers/${child.id}`, {
      firstName: "Zoilo",
    });
    expect(response.status).toBe(200);
    expect((await search("zacarias")).total).toBe(0);
    expect((await search("zoilo")).items.map((item) => item.id)).toEqual([parent.id]);
  });

  it("a swimmer with history is kept; one without is removed and no longer finds the family", async () => {
    const kept = await asAdmin("DELETE", `/api/clients/${parent.id}/swimmers/${parent.id}`);
    expect(kept.status).toBe(409);
    expect(await kept.json()).toMatchObject({ error: { code: "swimmer-has-history" } });

    const removed = await asAdmin("DELETE", `/api/clients/${parent.id}/swimmers/${child.id}`);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ message: "Swimmer removed." });
    expect((await swimmersOf(parent.id)).map((swimmer) => swimmer.id)).toEqual([parent.id]);
    expect((await search("zoilo")).total).toBe(0);
    expect((await search("rosa")).items.find((item) => item.id === parent.id)?.swimmerNames).toEqual([]);
  });

  it("a milestone is history too; a family's last swimmer stays", async () => {
    const add = await asAdmin("POST", `/api/clients/${other.id}/swimmers`, {
      firstName: "Pia",
      lastName: "Other",
    });
    const pia = ((await add.json()) as SwimmerResponse).swimmer;
    await db
      .insertInto("milestone")
      .values(milestoneRow({ clientId: other.id, swimmerId: pia.id }))
      .execute();
    expect((await asAdmin("DELETE", `/api/clients/${other.id}/swimmers/${pia.id}`)).status).toBe(409);
    // Otto has no history, but Pia stays: removing Otto leaves Pia; then Pia is the last.
    expect((await asAdmin("DELETE", `/api/clients/${other.id}/swimmers/${other.id}`)).status).toBe(200);
    await db.deleteFrom("milestone").where("swimmerId", "=", pia.id).execute();
    const last = await asAdmin("DELETE", `/api/clients/${other.id}/swimmers/${pia.id}`);
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ error: { code: "last-swimmer" } });
  });

  it("an unknown household is a 404 for the admin", async () => {
    expect((await asAdmin("GET", "/api/clients/nobodyAtAll/swimmers")).status).toBe(404);
    expect(
      (await asAdmin("POST", "/api/clients/nobodyAtAll/swimmers", { firstName: "A", lastName: "B" })).status,
    ).toBe(404);
  });

  it("a large family with long names is kept and found (no index entry limit on either engine)", async () => {
    const big = await signedInClient(t, { firstName: "Grande", lastName: "Familia" });
    // Names that do not compress: letters from a simple generator.
    let seed = 7;
    const letters = (length: number) =>
      Array.from({ length }, () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return "abcdefghijklmnopqrstuvwxyz"[seed % 26];
      }).join("");
    const names = Array.from({ length: 24 }, () => ({ firstName: letters(100), lastName: letters(100) }));
    for (const name of names) {
      const response = await asAdmin("POST", `/api/clients/${big.id}/swimmers`, name);
      expect(response.status).toBe(201);
    }
    const last = names.at(-1)?.lastName ?? "";
    expect((await search(last.slice(30, 70))).items.map((item) => item.id)).toEqual([big.id]);
  });

  it("a second guardian's name finds the family too", async () => {
    await addGuardian(db, {
      clientId: parent.id,
      name: "Bartolomé Marín",
      passwordHash: await passwordHashOf(t.auth, "whatever-123"),
    });
    expect((await search("bartolome")).items.map((item) => item.id)).toEqual([parent.id]);
  });
});

describe("the short searches' word tables (docs/decisions/043)", () => {
  it("hold exactly the words of the names and titles left by the tests above: the households' swimmers as added, renamed and removed", async () => {
    await expectWordTablesTrue(testDb.db);
  });
});
