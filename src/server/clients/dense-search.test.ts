import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedInAdmin, type TestAccount } from "../../../test/support/accounts.ts";
import { seed } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type { ClientPage } from "../../domain/clients.ts";
import { wordProbeLimit } from "../db/name-words.ts";

/**
 * A search of three letters and more that many names hold (docs/decisions/046): the page is read along the name
 * order and the matches are not counted, so the pager says "Page X" and offers Next while there is more; a search
 * that few names hold is counted as before. Runs on PostgreSQL too (TEST_DATABASE_URL).
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
let admin: TestAccount;
const vegas = wordProbeLimit + 5;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = buildTestApp(testDb.db);
  admin = await signedInAdmin(t);
  const hash = "not used";
  await seed(testDb.db, {
    clients: [
      ...Array.from({ length: vegas }, (_, index) => ({
        id: `vega${String(index).padStart(3, "0")}`,
        firstName: `Ana${String(index).padStart(3, "0")}`,
        lastName: index % 2 === 0 ? "Vega" : "Valdevega",
        passwordHash: hash,
      })),
      { id: "petrova", firstName: "Olga", lastName: "Petrova", passwordHash: hash },
    ],
  });
});
afterAll(() => testDb.close());

async function page(search: string, n: number, pageSize: number): Promise<ClientPage> {
  const response = await call(t, "GET", `/api/clients?search=${search}&page=${n}&pageSize=${pageSize}`, {
    cookie: admin.cookie,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ClientPage;
}

describe("a search many names hold", () => {
  it("pages along the name order without a count, Next while there is more", async () => {
    const pageSize = 50;
    const first = await page("vega", 1, pageSize);
    expect(first.items.map((item) => item.firstName)).toEqual(
      Array.from({ length: pageSize }, (_, index) => `Ana${String(index).padStart(3, "0")}`),
    );
    expect(first).toMatchObject({ total: pageSize, totalAtLeast: true });
    const last = await page("vega", 5, pageSize);
    expect(last.items.map((item) => item.id)).toEqual(
      Array.from({ length: vegas - 4 * pageSize }, (_, index) => `vega${String(4 * pageSize + index)}`),
    );
    expect(last.total).toBe(vegas);
    expect(last.totalAtLeast).toBeUndefined();
  });

  it("counts a search few names hold, as before", async () => {
    const few = await page("valdev", 1, 10);
    expect(few.total).toBe(Math.floor(vegas / 2));
    expect(few.totalAtLeast).toBeUndefined();
    expect(await page("petrova", 1, 10)).toMatchObject({ total: 1, items: [{ id: "petrova" }] });
  });
});
