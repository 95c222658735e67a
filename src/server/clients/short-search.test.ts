import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedInAdmin, type TestAccount } from "../../../test/support/accounts.ts";
import { addGuardian, passwordHashOf } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { expectWordTablesTrue } from "../../../test/support/word-tables.ts";
import type { RegisterClientResponse } from "../../domain/api.ts";
import type { ClientPage } from "../../domain/clients.ts";

/**
 * One- and two-letter client searches (docs/decisions/040): they find families where a guardian's or a swimmer's
 * first or last name starts with the letters, not where a name merely holds them; three letters and more still
 * find a name holding them anywhere. Runs on PostgreSQL too (TEST_DATABASE_URL).
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
let admin: TestAccount;
const families: Record<string, string> = {};

async function register(
  firstName: string,
  lastName: string,
  swimmers: { firstName: string; lastName: string }[],
) {
  const response = await call(t, "POST", "/api/clients", {
    cookie: admin.cookie,
    body: {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@example.com`,
      phoneNumber: "555 010 2030",
      defaultPackType: "4_60",
      clientSwims: false,
      swimmers,
    },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as RegisterClientResponse).client.id;
}

async function found(text: string): Promise<string[]> {
  const response = await call(t, "GET", `/api/clients?search=${encodeURIComponent(text)}`, {
    cookie: admin.cookie,
  });
  expect(response.status).toBe(200);
  const page = (await response.json()) as ClientPage;
  const names = Object.entries(families);
  return page.items.map((item) => names.find(([, id]) => id === item.id)?.[0] ?? item.id).sort();
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = buildTestApp(testDb.db);
  admin = await signedInAdmin(t);
  // Ximena and her son Yago: names starting with X, O and Y.
  families.orts = await register("Ximena", "Orts", [{ firstName: "Yago", lastName: "Orts" }]);
  // Paula Maxwell and her daughter Noa Dyer: x, o, y only inside names; a second guardian, Úrsula Kwan.
  families.maxwell = await register("Paula", "Maxwell", [{ firstName: "Noa", lastName: "Dyer" }]);
  await addGuardian(testDb.db, {
    clientId: families.maxwell,
    name: "Úrsula Kwan",
    passwordHash: await passwordHashOf(t.auth, "whatever-123"),
  });
  // Two families starting with L, for paging.
  families.lund = await register("Lara", "Lund", [{ firstName: "Lia", lastName: "Lund" }]);
  families.lima = await register("Leo", "Lima", [{ firstName: "Teo", lastName: "Lima" }]);
});
afterAll(() => testDb.close());

describe("short client searches", () => {
  it("one letter finds the start of a guardian's or a swimmer's first or last name, not a letter inside one", async () => {
    expect(await found("x")).toEqual(["orts"]); // Ximena, not maXwell
    expect(await found("X")).toEqual(["orts"]);
    expect(await found("y")).toEqual(["orts"]); // Yago (a swimmer), not dYer
    expect(await found("o")).toEqual(["orts"]); // Orts, not nOa
    expect(await found("d")).toEqual(["maxwell"]); // Dyer (a swimmer's last name)
    expect(await found("k")).toEqual(["maxwell"]); // Kwan (a second guardian's last name)
    expect(await found("u")).toEqual(["maxwell"]); // Úrsula, without the accent
    expect(await found("q")).toEqual([]);
  });

  it("two letters do the same", async () => {
    expect(await found("xi")).toEqual(["orts"]);
    expect(await found("ya")).toEqual(["orts"]);
    expect(await found("or")).toEqual(["orts"]);
    expect(await found("ma")).toEqual(["maxwell"]);
    expect(await found("dy")).toEqual(["maxwell"]);
    expect(await found("ur")).toEqual(["maxwell"]);
    expect(await found("ax")).toEqual([]); // inside maXwell only
    expect(await found("ye")).toEqual([]); // inside dYEr only
  });

  it("three letters and more still find a name holding them anywhere", async () => {
    expect(await found("axw")).toEqual(["maxwell"]);
    expect(await found("yer")).toEqual(["maxwell"]);
    expect(await found("men")).toEqual(["orts"]);
    expect(await found("ago")).toEqual(["orts"]);
  });

  it("pages the few families whose names start with the letters, counted: the pager knows the last page", async () => {
    // Few names start with "l": the word tables name them all (docs/decisions/043). Many would be paged along the
    // name order without a count (totalAtLeast; search-index.test.ts reads both ways).
    const page = async (n: number) => {
      const response = await call(t, "GET", `/api/clients?search=l&pageSize=1&page=${n}`, {
        cookie: admin.cookie,
      });
      return (await response.json()) as ClientPage;
    };
    const first = await page(1);
    expect(first).toMatchObject({ total: 2, items: [{ firstName: "Lara" }] });
    expect(first.totalAtLeast).toBeUndefined();
    expect(await page(2)).toMatchObject({ total: 2, items: [{ firstName: "Leo" }] });
    expect(await page(3)).toMatchObject({ total: 2, items: [] });
  });

  it("the word tables hold the registered families' and the second guardian's names", async () => {
    await expectWordTablesTrue(testDb.db);
  });
});
