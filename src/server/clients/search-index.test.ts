import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBooking, createClient, createPlan } from "../../../test/support/factories.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { expectWordTablesTrue } from "../../../test/support/word-tables.ts";
import { searchKey } from "../../domain/search.ts";
import { listBookings } from "../bookings/repository.ts";
import type { Db } from "../db/database.ts";
import { wordProbeLimit } from "../db/name-words.ts";
import { isPostgres } from "../db/portable.ts";
import { countedRows } from "../db/search.ts";
import {
  clientIdsNamed,
  clientPageFromIndexQuery,
  clientPageQuery,
  listClients,
  updateClientAccount,
} from "./repository.ts";

/**
 * The trigram indexes and row counts of migration 0009 against a plain reading of every row: random names with
 * accents, LIKE wildcards, quotes, backslashes and spaces, changed and deleted through the triggers, searched
 * by random keys, short ones included. Both ways of reading a page (along the order, or from the index) are
 * compared with the expected page, and a short search's both (along the order, or from the word tables of
 * migration 0029, which must hold exactly the names' and titles' words after every change).
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
});
afterAll(() => testDb.close());

const at = { now: new Date("2025-06-01T10:00:00Z"), timeZone: "Europe/Madrid" };
const letters = ["a", "á", "B", "n", "ñ", "e", "É", "ß", "%", "_", "\\", '"', "'", " "];
const name = fc
  .array(fc.constantFrom(...letters), { minLength: 1, maxLength: 6 })
  .map((chars) => chars.join(""));
const title = fc
  .array(fc.constantFrom("A", "b", "n", "-", "%", "_", " ", "3"), { minLength: 1, maxLength: 8 })
  .map((chars) => chars.join(""));

const world = fc.record({
  clients: fc.array(fc.tuple(name, name), { minLength: 1, maxLength: 30 }),
  bookings: fc.array(fc.tuple(fc.nat(), title, fc.integer({ min: 1, max: 9 })), { maxLength: 40 }),
  renamed: fc.array(fc.tuple(fc.nat(), name, name), { maxLength: 5 }),
  deleted: fc.array(fc.nat(), { maxLength: 5 }),
  searches: fc.array(fc.oneof(name, fc.tuple(fc.nat(), fc.nat(), fc.nat({ max: 5 }))), {
    minLength: 1,
    maxLength: 12,
  }),
});

type World = typeof world extends fc.Arbitrary<infer T> ? T : never;

interface ClientRow {
  id: string;
  first: string;
  last: string;
}

/** UTF-8 byte order: SQLite's BINARY and PostgreSQL's "C" collation. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

async function build(input: World) {
  await db.deleteFrom("user").execute();
  const clients: ClientRow[] = [];
  for (const [index, [first, last]] of input.clients.entries()) {
    const id = `client${String(index).padStart(3, "0")}`;
    await createClient(db, {
      id,
      firstName: first,
      lastName: last,
      email: `${id}@example.com`,
      phoneNumber: "5550000",
      defaultPackType: "4_60",
      passwordHash: "not used",
      createdAt: at.now.toISOString(),
    });
    clients.push({ id, first, last });
  }
  const bookings: { id: number; clientId: string; title: string; firstDate: string }[] = [];
  for (const [pick, bookingTitle, day] of input.bookings) {
    const client = clients[pick % clients.length] as ClientRow;
    const planId = await createPlan(db, {
      clientId: client.id,
      packType: "4_60",
      isActive: false,
      subscriptionId: null,
      provider: null,
      createdAt: at.now.toISOString(),
      periodStartedAt: null,
      endedAt: null,
    });
    const firstDate = `2025-06-0${day}`;
    // Titles and first dates of any form, without lessons: what the index holds is what is tested here.
    const booking = await createBooking(db, {
      clientId: client.id,
      planId,
      dates: [],
      createdAt: at.now.toISOString(),
      row: { title: bookingTitle, firstDate },
    });
    bookings.push({ id: booking.bookingId, clientId: client.id, title: bookingTitle, firstDate });
  }
  for (const [pick, first, last] of input.renamed) {
    const client = clients[pick % clients.length] as ClientRow;
    await updateClientAccount(
      db,
      client.id,
      {
        firstName: first,
        lastName: last,
        email: `${client.id}@example.com`,
        phoneNumber: "5550000",
        defaultPackType: null,
        address: "",
        accessNotes: "",
      },
      at.now.toISOString(),
    );
    Object.assign(client, { first, last });
  }
  for (const pick of input.deleted) {
    const [gone] = clients.splice(pick % clients.length, 1);
    if (gone) await db.deleteFrom("user").where("id", "=", gone.id).execute();
  }
  const remaining = new Set(clients.map((client) => client.id));
  return { clients, bookings: bookings.filter((booking) => remaining.has(booking.clientId)) };
}

/** A search from the list: a name of its own, or a piece of a client's first name, last name or "first last". */
function searchOf(search: string | [number, number, number], clients: ClientRow[]): string {
  if (typeof search === "string") return search;
  const [pick, start, length] = search;
  const client = clients[pick % clients.length];
  if (!client) return "";
  const text = `${client.first} ${client.last}`;
  const from = start % text.length;
  return text.slice(from, from + length);
}

/** The word tables' probe limit (decision 043): the app's; 0, always along the order; a million, always the tables. */
const wordProbes = [wordProbeLimit, 0, 1_000_000];

/** One or two letters match the start of a word (docs/decisions/040); more, anywhere. */
const short = (key: string) => key !== "" && [...key].length < 3;
const holds = (text: string, key: string) =>
  short(key) ? text.startsWith(key) || text.includes(` ${key}`) : text.includes(key);

/**
 * Every page, and the total as the last page with items says it: a short search counts up to its page's end, and
 * says there is more (totalAtLeast) on every page but the last.
 */
async function allPages<T>(
  read: (page: number) => Promise<{ items: T[]; total: number; totalAtLeast?: boolean }>,
) {
  const items: T[] = [];
  let last: { total: number; totalAtLeast?: boolean } = { total: 0 };
  for (let page = 1; ; page++) {
    const result = await read(page);
    items.push(...result.items);
    if (result.items.length > 0 || page === 1) last = result;
    if (result.items.length === 0) {
      expect(last.totalAtLeast ?? false).toBe(false);
      return { items, total: last.total };
    }
  }
}

describe("searches through the trigram indexes (migration 0009)", () => {
  it("find, count and order exactly what a scan of every row finds", async () => {
    await fc.assert(
      fc.asyncProperty(world, async (input) => {
        const { clients, bookings } = await build(input);
        expect(await countedRows(db, "client")).toBe(clients.length);
        expect(await countedRows(db, "booking")).toBe(bookings.length);
        if (!isPostgres(db)) {
          for (const index of ["clientNameTrigram", "bookingSearch"]) {
            await sql`insert into ${sql.table(index)} (${sql.table(index)}) values ('integrity-check')`.execute(
              db,
            );
          }
        }
        await expectWordTablesTrue(db);
        const keyOf = new Map(clients.map((c) => [c.id, [searchKey(c.first), searchKey(c.last)] as const]));
        for (const raw of input.searches) {
          const search = searchOf(raw, clients);
          const key = searchKey(search);

          const expectedClients = clients
            .filter((c) => {
              const [first, last] = keyOf.get(c.id) ?? ["", ""];
              return holds(first, key) || holds(last, key);
            })
            .sort((a, b) => {
              const [af, al] = keyOf.get(a.id) ?? ["", ""];
              const [bf, bl] = keyOf.get(b.id) ?? ["", ""];
              return byBytes(af, bf) || byBytes(al, bl) || byBytes(a.id, b.id);
            })
            .map((c) => c.id);
          // A short search reads the word tables when few words start with it, else along the order (decision 043):
          // the default, then each way forced.
          for (const wordProbe of wordProbes) {
            const listed = await allPages((page) =>
              listClients(db, { search, page, pageSize: 3 }, wordProbe),
            );
            expect({ search, wordProbe, ids: listed.items.map((c) => c.id) }).toEqual({
              search,
              wordProbe,
              ids: expectedClients,
            });
            expect(listed.total).toBe(expectedClients.length);
          }
          const named = clientIdsNamed(db, key);
          if (named) {
            const query = { search, page: 1, pageSize: 100 };
            expect((await clientPageQuery(db, query).execute()).map((c) => c.id)).toEqual(expectedClients);
            const fromIndex = await clientPageFromIndexQuery(db, query, named).execute();
            expect(fromIndex.map((c) => c.id)).toEqual(expectedClients);
          }

          for (const matchTitle of [false, true]) {
            const expectedBookings = bookings
              .filter((b) => {
                const [first, last] = keyOf.get(b.clientId) ?? ["", ""];
                const byName = short(key)
                  ? holds(first, key) || holds(last, key)
                  : `${first} ${last}`.includes(key);
                return byName || (matchTitle && holds(b.title.toLowerCase(), key));
              })
              .sort((a, b) => byBytes(b.firstDate, a.firstDate) || b.id - a.id)
              .map((b) => b.id);
            for (const wordProbe of wordProbes) {
              const found = await allPages(async (page) => {
                const { rows, total, totalAtLeast } = await listBookings(
                  db,
                  { search, page, pageSize: 4, matchTitle },
                  wordProbe,
                );
                return { items: rows, total, totalAtLeast };
              });
              expect({ search, matchTitle, wordProbe, ids: found.items.map((b) => b.id) }).toEqual({
                search,
                matchTitle,
                wordProbe,
                ids: expectedBookings,
              });
              expect(found.total).toBe(expectedBookings.length);
            }
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it("follow a client's new name, a booking's new title and a deletion", async () => {
    const { clients, bookings } = await build({
      clients: [
        ["Olga", "Petrova"],
        ["Ana", "Ruiz"],
      ],
      bookings: [[0, "2-Class Booking", 3]],
      renamed: [],
      deleted: [],
      searches: [],
    });
    const [olga] = clients;
    const [booking] = bookings;
    if (!olga || !booking) throw new Error("built without them");
    const totals = async (search: string) => ({
      clients: (await listClients(db, { search, page: 1, pageSize: 10 })).total,
      bookings: (await listBookings(db, { search, page: 1, pageSize: 10, matchTitle: true })).total,
    });
    expect(await totals("petrova")).toEqual({ clients: 1, bookings: 1 });

    await updateClientAccount(
      db,
      olga.id,
      {
        firstName: "Olga",
        lastName: "Ivanova",
        email: "olga@example.com",
        phoneNumber: "5550000",
        defaultPackType: null,
        address: "",
        accessNotes: "",
      },
      at.now.toISOString(),
    );
    expect(await totals("petrova")).toEqual({ clients: 0, bookings: 0 });
    expect(await totals("ivanova")).toEqual({ clients: 1, bookings: 1 });

    await db.updateTable("booking").set({ title: "5-Class Booking" }).where("id", "=", booking.id).execute();
    expect(await totals("2-class")).toEqual({ clients: 0, bookings: 0 });
    expect(await totals("5-class")).toEqual({ clients: 0, bookings: 1 });

    await db.deleteFrom("user").where("id", "=", olga.id).execute();
    expect(await totals("ivanova")).toEqual({ clients: 0, bookings: 0 });
    expect(await totals("5-class")).toEqual({ clients: 0, bookings: 0 });
    expect([await countedRows(db, "client"), await countedRows(db, "booking")]).toEqual([1, 0]);
  });
});
