import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  call,
  sessionUserOf,
  signedInAdmin,
  signedInClient,
  signIn,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import { createPlan } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { expectWordTablesTrue } from "../../../test/support/word-tables.ts";
import type { ClientPage } from "../../domain/clients.ts";
import { fieldMessages } from "../../domain/fields.ts";
import { messages } from "../../domain/messages.ts";
import type { Db } from "../db/database.ts";
import { isPostgres } from "../db/portable.ts";
import { clientPageQuery } from "./repository.ts";
import { registerClient } from "./service.ts";

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let admin: TestAccount;
/** What the after-commit hook saw: the deleted id, and whether the client row was still readable then. */
const afterDeletion: { clientId: string; rowStillThere: boolean }[] = [];
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db);
  admin = await signedInAdmin(t);
  t.clientDeletion.register(async (clientId) => {
    const row = await db.selectFrom("client").select("id").where("id", "=", clientId).executeTakeFirst();
    afterDeletion.push({ clientId, rowStillThere: row !== undefined });
  });
  // A failing clean-up of one feature must not stop the others, nor the answer.
  t.clientDeletion.register(async () => {
    throw new Error("media store unreachable");
  });
});
afterAll(() => testDb.close());

/** Through the route, so that nothing about earlier clients is left either. */
async function deleteAllClients() {
  const clients = await db.selectFrom("client").select("id").execute();
  for (const { id } of clients) await call(t, "DELETE", `/api/clients/${id}`, { cookie: admin.cookie });
}

const asAdmin = (method: string, path: string, body?: unknown) =>
  call(t, method, path, { cookie: admin.cookie, body });

const newClient = (overrides: Record<string, unknown> = {}) => ({
  firstName: "María",
  lastName: "López",
  email: "maria@example.com",
  phoneNumber: "5551234567",
  defaultPackType: "8_55",
  ...overrides,
});

async function seedClient(firstName: string, lastName: string) {
  const { client } = await registerClient(t, {
    firstName,
    lastName,
    email: `${firstName}.${lastName}@example.com`.toLowerCase().replace(/\s/g, ""),
    phoneNumber: "5550000",
    defaultPackType: "4_60",
  });
  return client;
}

async function addPlan(clientId: string, isActive: boolean) {
  await createPlan(db, { clientId, isActive, packType: "4_60", createdAt: t.clock.now().toISOString() });
}

describe("POST /api/clients (Register Client)", () => {
  beforeEach(deleteAllClients);

  it("creates the account and the client row, shows a temporary password that signs in once changed", async () => {
    const response = await asAdmin(
      "POST",
      "/api/clients",
      newClient({ email: "Maria@Example.com", phoneNumber: "+1 (555) 123-4567" }),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      client: { id: string };
      temporaryPassword: string;
      message: string;
    };
    expect(body.temporaryPassword).toMatch(/^[A-HJ-NP-Za-km-z2-9]{8}$/);
    expect(body.message).toBe(`Client registered! Password: ${body.temporaryPassword}`);
    expect(body.client).toEqual({
      id: expect.any(String),
      firstName: "María",
      lastName: "López",
      email: "maria@example.com",
      phoneNumber: "+15551234567", // written as people write it, stored in one form
      defaultPackType: "8_55",
      hasActiveSubscription: false,
      plan: null,
      createdAt: t.clock.now().toISOString(),
      address: "",
      accessNotes: "",
      // A family of one (the client swims, no one else): nothing under the name, as before.
      swimmerNames: [],
    });

    // The admin is still signed in.
    expect((await asAdmin("GET", "/api/session")).status).toBe(200);

    const { response: signedIn } = await signIn(t, "maria@example.com", body.temporaryPassword);
    expect(await signedIn.json()).toEqual({ role: "client", mustChangePassword: true });
    const user = await db
      .selectFrom("user")
      .selectAll()
      .where("id", "=", body.client.id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: "maria@example.com", name: "María López", role: "user" });
    const row = await db
      .selectFrom("client")
      .selectAll()
      .where("id", "=", body.client.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: "client", firstNameSearch: "maria", lastNameSearch: "lopez" });
  });

  it("gives each client a different random password", async () => {
    const passwords = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await asAdmin("POST", "/api/clients", newClient({ email: `kid${i}@example.com` }));
      passwords.add(((await response.json()) as { temporaryPassword: string }).temporaryPassword);
    }
    expect(passwords.size).toBe(3);
  });

  it("refuses an email already in use by a client or an admin, whatever its case, and writes nothing", async () => {
    expect((await asAdmin("POST", "/api/clients", newClient())).status).toBe(201);
    for (const email of ["MARIA@example.com", admin.email]) {
      const response = await asAdmin("POST", "/api/clients", newClient({ email, firstName: "Other" }));
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: {
          code: "email-already-in-use",
          message: "Error: This email is already in use.",
          field: "email",
        },
      });
    }
    expect(await db.selectFrom("client").select("firstName").execute()).toEqual([{ firstName: "María" }]);
  });

  it("leaves no account behind when the client row cannot be written", async () => {
    const first = await seedClient("Ana", "Ruiz");
    // The user's email moves on while a stale client row keeps the old one: the user row and account can be
    // written for a new registration, the client row cannot.
    await db.updateTable("user").set({ email: "moved@example.com" }).where("id", "=", first.id).execute();
    const response = await asAdmin("POST", "/api/clients", newClient({ email: first.email }));
    expect(response.status).toBe(409);
    expect(await db.selectFrom("user").select("id").where("email", "=", first.email).execute()).toEqual([]);
    expect((await db.selectFrom("account").select("id").execute()).length).toBe(
      (await db.selectFrom("user").select("id").execute()).length,
    );
  });

  it.each([
    ["firstName", { firstName: " " }, "Error: First name is required."],
    ["lastName", { lastName: undefined }, "Error: Last name is required."],
    ["email", { email: "nope" }, "Error: Email must be a valid email address."],
    ["phoneNumber", { phoneNumber: "555-12" }, `Error: ${fieldMessages.phoneInvalid}`],
    ["phoneNumber", { phoneNumber: "call me" }, `Error: ${fieldMessages.phoneInvalid}`],
    ["defaultPackType", { defaultPackType: "10_4" }, "Error: Please choose a package."],
    ["defaultPackType", { defaultPackType: undefined }, "Error: Please choose a package."],
  ])("refuses a bad %s with 400 and an 'Error: …' message", async (field, overrides, message) => {
    const response = await asAdmin("POST", "/api/clients", newClient(overrides));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "validation", message, field } });
    expect(await db.selectFrom("client").select("id").execute()).toEqual([]);
  });
});

describe("GET /api/clients (search and paging on the server)", () => {
  beforeAll(async () => {
    await deleteAllClients();
    for (const [first, last] of [
      ["María", "López"],
      ["Mario", "Rossi"],
      ["Ana María", "Díaz"],
      ["Lucía", "Marín"],
      ["Pedro", "Gómez"],
      ["Zoe", "100%_Real"],
    ] as const) {
      await seedClient(first, last);
    }
  });

  const search = async (query: string) => {
    const response = await asAdmin("GET", `/api/clients${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as ClientPage;
  };
  it("matches a substring of the first or last name, in any case or accent, in name order", async () => {
    expect(names(await search("?search=MAR"))).toEqual([
      "Ana María Díaz",
      "Lucía Marín",
      "María López",
      "Mario Rossi",
    ]);
    expect(names(await search("?search=maria"))).toEqual(["Ana María Díaz", "María López"]);
    expect(names(await search("?search=MARÍN"))).toEqual(["Lucía Marín"]);
    expect(names(await search("?search=OSS"))).toEqual(["Mario Rossi"]);
    // Not across the gap between first and last name.
    expect(names(await search("?search=ía%20l"))).toEqual([]);
    expect(names(await search(`?search=${encodeURIComponent("0%_")}`))).toEqual(["Zoe 100%_Real"]);
    // One or two letters match the start of a name (docs/decisions/040), wildcards included as plain letters.
    expect(names(await search(`?search=${encodeURIComponent("%_")}`))).toEqual([]);
    expect(names(await search("?search=_"))).toEqual([]);
    expect(names(await search("?search=10"))).toEqual(["Zoe 100%_Real"]);
    expect(names(await search("?search=m"))).toEqual([
      "Ana María Díaz",
      "Lucía Marín",
      "María López",
      "Mario Rossi",
    ]);
    expect(names(await search("?search=ro"))).toEqual(["Mario Rossi"]);
    expect(names(await search("?search=%20%20"))).toHaveLength(6);
  });

  it("pages with a total, 10 by default, at most 50", async () => {
    const all = await search("");
    expect(all).toMatchObject({ page: 1, pageSize: 10, total: 6 });
    expect(names(all)).toEqual([
      "Ana María Díaz",
      "Lucía Marín",
      "María López",
      "Mario Rossi",
      "Pedro Gómez",
      "Zoe 100%_Real",
    ]);
    const second = await search("?pageSize=4&page=2");
    expect(second).toMatchObject({ page: 2, pageSize: 4, total: 6 });
    expect(names(second)).toEqual(["Pedro Gómez", "Zoe 100%_Real"]);
    expect(await search("?search=mar&pageSize=2&page=2")).toMatchObject({ total: 4, items: [{}, {}] });
    expect((await search("?pageSize=1000")).pageSize).toBe(50);
    expect((await search("?page=9")).items).toEqual([]);
    for (const bad of ["?page=0", "?page=x", "?pageSize=0", `?search=${"a".repeat(101)}`]) {
      expect((await asAdmin("GET", `/api/clients${bad}`)).status).toBe(400);
    }
  });

  it("says which clients have an active subscription", async () => {
    const [active, inactive] = (await search("?search=mar")).items;
    await addPlan(active?.id ?? "", true);
    await addPlan(inactive?.id ?? "", false);
    const page = await search("?search=mar");
    expect(page.items.map((client) => client.hasActiveSubscription)).toEqual([true, false, false, false]);
  });

  it("reads a page, searched or not, in the order of the name index (SQLite's plan)", async () => {
    if (isPostgres(db)) return; // PostgreSQL plans by table statistics: a handful of rows is always a scan.
    for (const search of ["", "mar"]) {
      const compiled = clientPageQuery(db, { search, page: 2, pageSize: 10 }).compile();
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      const details = plan.rows.map((row) => row.detail).join("\n");
      expect(details).toContain("client_name_order_idx");
      expect(details).not.toContain("TEMP B-TREE");
    }
  });
});

describe("GET, PATCH and DELETE /api/clients/:id", () => {
  beforeEach(deleteAllClients);

  it("reads one client; an unknown id is 404 and a malformed one 400", async () => {
    const client = await seedClient("Pedro", "Gómez");
    const response = await asAdmin("GET", `/api/clients/${client.id}`);
    expect(await response.json()).toEqual({ client });
    expect((await asAdmin("GET", "/api/clients/abcdefghijklmnopqrstuvwxyz012345")).status).toBe(404);
    expect((await asAdmin("GET", "/api/clients/not%20an%20id")).status).toBe(400);
    expect((await asAdmin("GET", `/api/clients/${"a".repeat(65)}`)).status).toBe(400);
    // An admin's id is not a client's.
    expect((await asAdmin("GET", `/api/clients/${admin.id}`)).status).toBe(404);
  });

  it("updates the fields, and the sign-in email with the email", async () => {
    const client = await seedClient("Pedro", "Gómez");
    const response = await asAdmin("PATCH", `/api/clients/${client.id}`, {
      firstName: "Pablo",
      email: "Pablo@Example.com",
      phoneNumber: "5559999",
      defaultPackType: "8_50",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      client: {
        ...client,
        firstName: "Pablo",
        email: "pablo@example.com",
        phoneNumber: "5559999",
        defaultPackType: "8_50",
      },
      message: messages.clientUpdated,
    });
    const user = await db
      .selectFrom("user")
      .select(["email", "name"])
      .where("id", "=", client.id)
      .executeTakeFirst();
    expect(user).toEqual({ email: "pablo@example.com", name: "Pablo Gómez" });
    expect(names((await (await asAdmin("GET", "/api/clients?search=pab")).json()) as ClientPage)).toEqual([
      "Pablo Gómez",
    ]);
    expect((await asAdmin("PATCH", `/api/clients/${client.id}`, { defaultPackType: null })).status).toBe(200);
  });

  it("refuses a taken email, an unknown field, an empty change and an unknown client", async () => {
    const client = await seedClient("Pedro", "Gómez");
    const other = await seedClient("Ana", "Ruiz");
    const taken = await asAdmin("PATCH", `/api/clients/${client.id}`, { email: other.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: { code: "email-already-in-use" } });
    expect((await asAdmin("PATCH", `/api/clients/${client.id}`, { role: "admin" })).status).toBe(400);
    expect((await asAdmin("PATCH", `/api/clients/${client.id}`, {})).status).toBe(400);
    expect((await asAdmin("PATCH", `/api/clients/${client.id}`, { phoneNumber: "12ab" })).status).toBe(400);
    expect(
      (await asAdmin("PATCH", "/api/clients/abcdefghijklmnopqrstuvwxyz012345", { firstName: "X" })).status,
    ).toBe(404);
    expect(await (await asAdmin("GET", `/api/clients/${client.id}`)).json()).toEqual({ client });
  });

  it("keeps the package while the client has an active subscription", async () => {
    const client = await seedClient("Pedro", "Gómez");
    await addPlan(client.id, true);
    const locked = await asAdmin("PATCH", `/api/clients/${client.id}`, {
      defaultPackType: "8_60",
      firstName: "P",
    });
    expect(locked.status).toBe(409);
    expect(await locked.json()).toEqual({
      error: { code: "package-locked", message: messages.packLocked, field: "defaultPackType" },
    });
    expect(await (await asAdmin("GET", `/api/clients/${client.id}`)).json()).toMatchObject({
      client: { firstName: "Pedro", defaultPackType: "4_60", hasActiveSubscription: true },
    });
    // The other fields, and the same package, can still be saved.
    expect(
      (await asAdmin("PATCH", `/api/clients/${client.id}`, { defaultPackType: "4_60", lastName: "G" }))
        .status,
    ).toBe(200);
  });

  it("deletes the account, its sessions and every row about the client, and nothing else", async () => {
    const client = await signedInClient(t, { firstName: "Gone", lastName: "Soon" });
    const kept = await signedInClient(t, { firstName: "Still", lastName: "Here" });
    await signIn(t, client.email, client.password); // a second session
    await addPlan(client.id, true);
    await addPlan(client.id, false);
    await call(t, "POST", "/api/password-reset", { body: { email: client.email } }); // a reset token and a mail
    await signIn(t, client.email, "a-wrong-password"); // a failed attempt

    const rowsAbout = async (id: string, email: string) => ({
      user: (await db.selectFrom("user").select("id").where("id", "=", id).execute()).length,
      account: (await db.selectFrom("account").select("id").where("userId", "=", id).execute()).length,
      session: (await db.selectFrom("session").select("id").where("userId", "=", id).execute()).length,
      verification: (await db.selectFrom("verification").select("id").where("value", "=", id).execute())
        .length,
      client: (await db.selectFrom("client").select("id").where("id", "=", id).execute()).length,
      subscriptionPlan: (
        await db.selectFrom("subscriptionPlan").select("id").where("clientId", "=", id).execute()
      ).length,
      signInFailure: (await db.selectFrom("signInFailure").select("id").where("email", "=", email).execute())
        .length,
      mailOutbox: (await db.selectFrom("mailOutbox").select("id").where("toAddress", "=", email).execute())
        .length,
    });
    expect(await rowsAbout(client.id, client.email)).toEqual({
      user: 1,
      account: 1,
      session: 2,
      verification: 1,
      client: 1,
      subscriptionPlan: 2,
      signInFailure: 1,
      mailOutbox: 1,
    });
    const keptBefore = await rowsAbout(kept.id, kept.email);
    afterDeletion.length = 0;

    const response = await asAdmin("DELETE", `/api/clients/${client.id}`);
    expect(response.status).toBe(200);
    // The features' clean-up ran once, after the commit.
    expect(afterDeletion).toEqual([{ clientId: client.id, rowStillThere: false }]);
    expect(await response.json()).toEqual({ message: messages.clientDeleted });
    expect(Object.values(await rowsAbout(client.id, client.email))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await rowsAbout(kept.id, kept.email)).toEqual(keptBefore);
    expect(await sessionUserOf(t, client.cookie)).toBeNull();
    expect((await signIn(t, client.email, client.password)).response.status).toBe(404);
    expect((await asAdmin("DELETE", `/api/clients/${client.id}`)).status).toBe(404);
  });

  it("deletes nothing at all when a step fails", async () => {
    const client = await signedInClient(t);
    await addPlan(client.id, true);
    if (isPostgres(db)) {
      await sql`create function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_user_delete before delete on "user" for each row execute function refuse_delete()`.execute(
        db,
      );
    } else {
      await sql`create trigger refuse_user_delete before delete on "user" begin select raise(abort, 'refused'); end`.execute(
        db,
      );
    }
    afterDeletion.length = 0;
    try {
      const response = await asAdmin("DELETE", `/api/clients/${client.id}`);
      expect(response.status).toBe(500);
      expect(afterDeletion).toEqual([]); // nothing outside the database is removed for a deletion that failed
    } finally {
      await sql`drop trigger refuse_user_delete${isPostgres(db) ? sql` on "user"` : sql``}`.execute(db);
      if (isPostgres(db)) await sql`drop function refuse_delete`.execute(db);
    }
    expect(await db.selectFrom("client").select("id").where("id", "=", client.id).execute()).toHaveLength(1);
    expect(
      await db.selectFrom("subscriptionPlan").select("id").where("clientId", "=", client.id).execute(),
    ).toHaveLength(1);
    expect(
      await db.selectFrom("session").select("id").where("userId", "=", client.id).execute(),
    ).toHaveLength(1);
    expect(await sessionUserOf(t, client.cookie)).not.toBeNull();
  });
});

describe("the schema deletes a client's rows by itself", () => {
  /** Every column that names a client, in every table: each must cascade from the client or its user. */
  async function clientColumns(): Promise<{ table: string; column: string; cascades: boolean }[]> {
    if (isPostgres(db)) {
      const { rows } = await sql<{ table: string; column: string; cascades: boolean }>`
        select c.table_name as "table", c.column_name as "column",
          exists (
            select 1 from information_schema.key_column_usage k
            join information_schema.referential_constraints r
              on r.constraint_name = k.constraint_name and r.constraint_schema = k.constraint_schema
            where k.table_schema = c.table_schema and k.table_name = c.table_name
              and k.column_name = c.column_name and r.delete_rule = 'CASCADE'
          ) as "cascades"
        from information_schema.columns c
        where c.table_schema = current_schema() and c.column_name in ('clientId', 'userId')`.execute(db);
      return rows;
    }
    const tables = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    const found: { table: string; column: string; cascades: boolean }[] = [];
    for (const { name } of tables.rows) {
      const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
      const keys = await sql<{ from: string; on_delete: string }>`
        select "from", on_delete from pragma_foreign_key_list(${name})`.execute(db);
      for (const column of columns.rows) {
        if (column.name !== "clientId" && column.name !== "userId") continue;
        const key = keys.rows.find((row) => row.from === column.name);
        found.push({ table: name, column: column.name, cascades: key?.on_delete === "CASCADE" });
      }
    }
    return found;
  }

  it("every clientId and userId column is a foreign key with ON DELETE CASCADE", async () => {
    const columns = await clientColumns();
    expect(columns.length).toBeGreaterThan(0);
    // A swimmer's login (an adult learner's) may go while the swimmer stays: their household's deletion takes them.
    expect(columns.filter((column) => !column.cascades)).toEqual([
      { table: "swimmer", column: "userId", cascades: false },
    ]);
  });
});

function names(page: ClientPage) {
  return page.items.map((client) => `${client.firstName} ${client.lastName}`);
}

describe("the short searches' word tables (docs/decisions/043)", () => {
  it("hold exactly the words of the names and titles left by the tests above: the clients registered, edited and deleted", async () => {
    await expectWordTablesTrue(testDb.db);
  });
});
