import { type Kysely, sql } from "kysely";
import { isPostgres } from "../portable.ts";

/**
 * The clients search finds a family by any guardian's or swimmer's name (issue 26). `client.familyNamesSearch`
 * holds the folded first and last names of the household's swimmers and guardians other than its first guardian
 * (whose own are the row's firstNameSearch and lastNameSearch), one a line; the app writes it whenever a
 * household's members change (households/service.ts refreshFamilyNames), since folding accents is the app's
 * (domain/search.ts searchKey), not SQL's. It is indexed as the client name is (migration 0009): a trigram index on
 * each engine; on SQLite it also joins client_name_order_idx, so the list read in name order still tests each row
 * from the index alone. Empty for a family of one, which is found exactly as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("client")
    .addColumn("familyNamesSearch", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  if (!isPostgres(db)) {
    // SQLite reads a page in name order from this index alone, testing each row's names there. (PostgreSQL keeps
    // the index as it was: a B-tree entry is limited to some 2,700 bytes, which a large family's names could pass;
    // it reads the row for the test.)
    await db.schema.dropIndex("client_name_order_idx").execute();
    await db.schema
      .createIndex("client_name_order_idx")
      .on("client")
      .columns(["firstNameSearch", "lastNameSearch", "id", "familyNamesSearch"])
      .execute();
  }

  await fillFamilyNames(db);

  if (isPostgres(db)) {
    const { rows } = await sql<{ schema: string }>`select nspname as schema
      from pg_extension join pg_namespace on pg_namespace.oid = extnamespace where extname = 'pg_trgm'`.execute(
      db,
    );
    const trigramOps = sql`${sql.id(rows[0]?.schema ?? "public")}.gin_trgm_ops`;
    await sql`create index "client_family_trigram_idx" on "client"
      using gin ("familyNamesSearch" ${trigramOps})`.execute(db);
    return;
  }
  // The FTS5 index reads the names from clientName (its integer key lasts, client's rowid may not), as the
  // client-name index does; clientName's "family" follows the client row by triggers. The index is built once
  // from the filled rows ('rebuild'), then kept by the triggers, which must only ever delete what it holds.
  await sql`alter table "clientName" add column "family" text not null default ''`.execute(db);
  await sql`update "clientName" set "family" = (select "familyNamesSearch" from "client" where "client"."id" = "clientName"."clientId")
    where "clientId" in (select "id" from "client" where "familyNamesSearch" != '')`.execute(db);
  await sql`create virtual table "familyNameTrigram" using fts5(
    "family", content = 'clientName', content_rowid = 'id', tokenize = 'trigram case_sensitive 1'
  )`.execute(db);
  await sql`insert into "familyNameTrigram" ("familyNameTrigram") values ('rebuild')`.execute(db);
  await sql`create trigger "familyNameTrigram_insert" after insert on "clientName" begin
    insert into "familyNameTrigram" (rowid, "family") values (new."id", new."family"); end`.execute(db);
  await sql`create trigger "familyNameTrigram_delete" after delete on "clientName" begin
    insert into "familyNameTrigram" ("familyNameTrigram", rowid, "family") values ('delete', old."id", old."family");
    end`.execute(db);
  await sql`create trigger "familyNameTrigram_update" after update of "family" on "clientName"
    when old."family" is not new."family" begin
    insert into "familyNameTrigram" ("familyNameTrigram", rowid, "family") values ('delete', old."id", old."family");
    insert into "familyNameTrigram" (rowid, "family") values (new."id", new."family"); end`.execute(db);
  // A new client's row carries its family names from the start (the factories write them with the row).
  await sql`drop trigger "client_name_insert"`.execute(db);
  await sql`create trigger "client_name_insert" after insert on "client" begin
    insert into "clientName" ("clientId", "name", "family")
    values (new."id", new."firstNameSearch" || ' ' || new."lastNameSearch", new."familyNamesSearch"); end`.execute(
    db,
  );
  await sql`create trigger "client_family_update" after update of "familyNamesSearch" on "client" begin
    update "clientName" set "family" = new."familyNamesSearch" where "clientId" = new."id"; end`.execute(db);
}

/** The fold of domain/search.ts searchKey as it is today (a migration keeps its own copy). */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();

/** Every household with members besides its first guardian gets their names. */
async function fillFamilyNames(db: Kysely<any>): Promise<void> {
  const swimmers = await db
    .selectFrom("swimmer")
    .select(["clientId", "firstName", "lastName"])
    .where((eb) => eb.or([eb("userId", "is", null), eb("userId", "!=", eb.ref("clientId"))]))
    .orderBy("clientId")
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  const guardians = await db
    .selectFrom("guardian")
    .innerJoin("user", "user.id", "guardian.userId")
    .select(["guardian.clientId", "user.name"])
    .where("guardian.userId", "!=", sql.ref("guardian.clientId"))
    .orderBy("guardian.clientId")
    .orderBy("guardian.createdAt")
    .orderBy("guardian.userId")
    .execute();
  const names = new Map<string, string[]>();
  const add = (clientId: string, ...more: string[]) =>
    names.set(clientId, [...(names.get(clientId) ?? []), ...more]);
  for (const row of swimmers) add(row.clientId, row.firstName, row.lastName);
  for (const row of guardians) add(row.clientId, row.name);
  for (const [clientId, list] of names) {
    const family = [...new Set(list.map(fold).filter(Boolean))].join("\n");
    await db.updateTable("client").set({ familyNamesSearch: family }).where("id", "=", clientId).execute();
  }
}
