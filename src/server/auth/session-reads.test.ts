import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, sessionUserOf, signedInAdmin, signedInClient } from "../../../test/support/accounts.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { onTableWrites } from "../db/database.ts";
import { isPostgres } from "../db/portable.ts";
import { authStoresOn } from "./idle-auth-stores.ts";

/**
 * The guard keeps a session read for a second (docs/decisions/047): what this instance writes must still be seen
 * on its very next request, with the clock standing still.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
beforeAll(async () => {
  testDb = await createTestDatabase();
  t = buildTestApp(testDb.db);
});
afterAll(() => testDb.close());

describe("a session read kept for a second", () => {
  it("a deleted client is signed out on their next request", async () => {
    const admin = await signedInAdmin(t);
    const client = await signedInClient(t);
    expect(await sessionUserOf(t, client.cookie)).toMatchObject({ id: client.id, role: "client" });
    expect((await call(t, "DELETE", `/api/clients/${client.id}`, { cookie: admin.cookie })).status).toBe(200);
    expect(await sessionUserOf(t, client.cookie)).toBeNull();
    const refused = await call(t, "GET", `/api/clients/${client.id}/reminders`, { cookie: client.cookie });
    expect(refused.status).toBe(401);
  });

  it("a guardian whose permission to see progress is taken away is refused at once", async () => {
    const client = await signedInClient(t);
    const progress = `/api/clients/${client.id}/progress`;
    expect((await call(t, "GET", progress, { cookie: client.cookie })).status).toBe(200);
    await t.db.updateTable("guardian").set({ canSeeProgress: 0 }).where("userId", "=", client.id).execute();
    expect((await call(t, "GET", progress, { cookie: client.cookie })).status).toBe(403);
  });

  it("a sign-out ends the session on the next request", async () => {
    const client = await signedInClient(t);
    expect(await sessionUserOf(t, client.cookie)).toMatchObject({ id: client.id });
    expect((await call(t, "POST", "/api/session/sign-out", { cookie: client.cookie })).status).toBe(200);
    expect(await sessionUserOf(t, client.cookie)).toBeNull();
  });
});

describe("onTableWrites", () => {
  it("names the writes to the watched tables once they have run, and deletes of any table", async () => {
    let heard = 0;
    expect(onTableWrites(t.db, ["user"], () => heard++)).toBe(true);
    const admin = await signedInAdmin(t);
    heard = 0;
    await t.db.selectFrom("user").select("id").where("id", "=", admin.id).execute();
    await t.db.updateTable("client").set({ phoneNumber: "5550199" }).where("id", "=", "nobody").execute();
    expect(heard).toBe(0);
    await t.db.updateTable("user").set({ name: "Owner" }).where("id", "=", admin.id).execute();
    expect(heard).toBe(1);
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable("user").set({ name: "Owner Two" }).where("id", "=", admin.id).execute();
    });
    expect(heard).toBe(2);
    await t.db.deleteFrom("newsletterSubscriber").where("email", "=", "nobody@example.com").execute();
    expect(heard).toBe(3);
    // A statement that fails wrote nothing.
    await expect(
      t.db
        .insertInto("user")
        .values({ id: admin.id } as never)
        .execute(),
    ).rejects.toThrow();
    expect(heard).toBe(3);
  });

  it("takes a plain select written as raw SQL for the read it is, and any other raw SQL for a write", async () => {
    let heard = 0;
    onTableWrites(t.db, ["user"], () => heard++);
    await sql`select 1`.execute(t.db);
    await sql`
      select "id" from "user" where "email" = ${"nobody@example.com"}
      union all select "id" from "user" where "name" = ${"Nobody"}`.execute(t.db);
    expect(heard).toBe(0);
    await sql`update "user" set "name" = "name" where "id" = ${"nobody"}`.execute(t.db);
    expect(heard).toBe(1);
    await sql`with "gone" as (select 1) select * from "gone"`.execute(t.db);
    expect(heard).toBe(2);
    const copy = isPostgres(t.db) ? sql.raw(`into temporary "copied"`) : sql.raw("");
    await sql`select "id" ${copy} from "user" where "id" = ${"nobody"}`.execute(t.db);
    expect(heard).toBe(isPostgres(t.db) ? 3 : 2);
  });
});

/**
 * better-auth's own async-local stores are on only while one of its calls runs (docs/decisions/051): the requests
 * that never enter it, this guard's among them, pay nothing for them, and the ones that do still find their context.
 */
describe("better-auth's stores", () => {
  it("are off again once sign-ins, running side by side, have ended; the sessions they made work", async () => {
    const [admin, client] = await Promise.all([signedInAdmin(t), signedInClient(t)]);
    expect(authStoresOn()).toBe(0);
    expect(await sessionUserOf(t, admin.cookie)).toMatchObject({ id: admin.id, role: "admin" });
    expect(await sessionUserOf(t, client.cookie)).toMatchObject({ id: client.id, role: "client" });
    expect(authStoresOn()).toBe(0);
  });

  it("serve a password change and a sign-out, each in its own better-auth calls", async () => {
    const client = await signedInClient(t);
    const changed = await call(t, "POST", "/api/session/change-password", {
      cookie: client.cookie,
      body: { currentPassword: client.password, newPassword: "another-password-2" },
    });
    expect(changed.status).toBe(200);
    expect(authStoresOn()).toBe(0);
    const signedOut = await call(t, "POST", "/api/session/sign-out", { cookie: client.cookie });
    expect(signedOut.status).toBe(200);
    expect(await sessionUserOf(t, client.cookie)).toBeNull();
    expect(authStoresOn()).toBe(0);
  });
});
