import { type Kysely, sql } from "kysely";
import { isPostgres } from "../portable.ts";

/**
 * Admin searches and list totals that do not read every row (docs/decisions/011):
 * - a trigram index of each client's "first last" search name (the folded columns of 0002), and of each booking's
 *   client name and lower-cased title, so a search of 3 or more characters reads only the rows that hold it;
 * - `rowCount`, the number of clients and of bookings, kept by triggers, for the unsearched lists' totals.
 * SQLite: FTS5 with the trigram tokenizer, kept by triggers. PostgreSQL: pg_trgm GIN indexes, kept the same way.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rowCount")
    .addColumn("tableName", "text", (col) => col.notNull().primaryKey())
    .addColumn("count", "integer", (col) => col.notNull())
    .execute();
  await sql`insert into "rowCount" ("tableName", "count")
    select 'client', count(*) from "client" union all select 'booking', count(*) from "booking"`.execute(db);
  if (isPostgres(db)) await postgres(db);
  else await sqlite(db);
}

async function sqlite(db: Kysely<any>): Promise<void> {
  for (const table of ["client", "booking"]) {
    await sql`create trigger ${sql.id(`${table}_count_insert`)} after insert on ${sql.table(table)} begin
      update "rowCount" set "count" = "count" + 1 where "tableName" = ${sql.lit(table)}; end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_count_delete`)} after delete on ${sql.table(table)} begin
      update "rowCount" set "count" = "count" - 1 where "tableName" = ${sql.lit(table)}; end`.execute(db);
  }

  // The FTS5 index needs an integer key that lasts: client's own rowid may change on VACUUM (its key is text),
  // so each client's search name gets a row here, under an INTEGER PRIMARY KEY, which the index points to.
  // The row goes with its client by the foreign key's cascade, which fires the index's delete trigger.
  await sql`create table "clientName" (
    "id" integer primary key,
    "clientId" text not null unique references "client" ("id") on delete cascade,
    "name" text not null
  )`.execute(db);
  // The names are folded already (searchKey): case_sensitive 1 makes a match an exact substring, as LIKE is.
  await sql`create virtual table "clientNameTrigram" using fts5(
    "name", content = 'clientName', content_rowid = 'id', tokenize = 'trigram case_sensitive 1'
  )`.execute(db);
  const name = (row: "new" | "old") =>
    sql`${sql.raw(row)}."firstNameSearch" || ' ' || ${sql.raw(row)}."lastNameSearch"`;
  await sql`create trigger "client_name_insert" after insert on "client" begin
    insert into "clientName" ("clientId", "name") values (new."id", ${name("new")}); end`.execute(db);
  await sql`create trigger "client_name_update" after update of "firstNameSearch", "lastNameSearch" on "client" begin
    update "clientName" set "name" = ${name("new")} where "clientId" = new."id"; end`.execute(db);
  await contentTriggers(db, { table: "clientName", index: "clientNameTrigram", key: "id", column: "name" });
  await sql`insert into "clientName" ("clientId", "name")
    select "id", "firstNameSearch" || ' ' || "lastNameSearch" from "client"`.execute(db);

  // Each booking's client name and lower-cased title, under the booking's id, so that a search counts and finds
  // bookings without going through their clients one by one. Contentless: the index alone, rows deleted by rowid.
  await sql`create virtual table "bookingSearch" using fts5(
    "name", "title", content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
  )`.execute(db);
  const bookingRow = (row: "new") =>
    sql`values (${sql.raw(row)}."id", (select "name" from "clientName" where "clientId" = ${sql.raw(row)}."clientId"), lower(${sql.raw(row)}."title"))`;
  await sql`create trigger "booking_search_insert" after insert on "booking" begin
    insert into "bookingSearch" (rowid, "name", "title") ${bookingRow("new")}; end`.execute(db);
  await sql`create trigger "booking_search_delete" after delete on "booking" begin
    delete from "bookingSearch" where rowid = old."id"; end`.execute(db);
  // A contentless index row is rewritten whole: every column is given again.
  await sql`create trigger "booking_search_update" after update of "title", "clientId" on "booking"
    when old."title" is not new."title" or old."clientId" is not new."clientId" begin
    delete from "bookingSearch" where rowid = old."id";
    insert into "bookingSearch" (rowid, "name", "title") ${bookingRow("new")}; end`.execute(db);
  await sql`create trigger "booking_search_rename" after update of "name" on "clientName" begin
    update "bookingSearch" set "name" = new."name",
      "title" = (select lower("title") from "booking" where "booking"."id" = "bookingSearch".rowid)
    where rowid in (select "id" from "booking" where "clientId" = new."clientId"); end`.execute(db);
  await sql`insert into "bookingSearch" (rowid, "name", "title")
    select "booking"."id", "clientName"."name", lower("booking"."title")
    from "booking" join "clientName" on "clientName"."clientId" = "booking"."clientId"`.execute(db);
}

/** The triggers that keep an external-content FTS5 index in step with its table (SQLite's FTS5 manual, 4.4.3). */
async function contentTriggers(
  db: Kysely<any>,
  { table, index, key, column }: { table: string; index: string; key: string; column: string },
): Promise<void> {
  const [t, i, k, c] = [sql.table(table), sql.table(index), sql.id(key), sql.id(column)];
  const remove = (row: "old") =>
    sql`insert into ${i} (${i}, rowid, ${c}) values ('delete', ${sql.raw(row)}.${k}, ${sql.raw(row)}.${c});`;
  const add = (row: "new") =>
    sql`insert into ${i} (rowid, ${c}) values (${sql.raw(row)}.${k}, ${sql.raw(row)}.${c});`;
  await sql`create trigger ${sql.id(`${index}_insert`)} after insert on ${t} begin ${add("new")} end`.execute(
    db,
  );
  await sql`create trigger ${sql.id(`${index}_delete`)} after delete on ${t} begin ${remove("old")} end`.execute(
    db,
  );
  await sql`create trigger ${sql.id(`${index}_update`)} after update of ${c} on ${t}
    when old.${c} is not new.${c} begin ${remove("old")} ${add("new")} end`.execute(db);
}

async function postgres(db: Kysely<any>): Promise<void> {
  // Statement-level, so a multi-row INSERT (the seed) moves the count once.
  await sql`create function "countRows"() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update "rowCount" set "count" = "count" + (select count(*) from "changed") where "tableName" = tg_table_name;
      else
        update "rowCount" set "count" = "count" - (select count(*) from "changed") where "tableName" = tg_table_name;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of ["client", "booking"]) {
    for (const [event, rows] of [
      ["insert", "new"],
      ["delete", "old"],
    ] as const) {
      await sql`create trigger ${sql.id(`${table}_count_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        referencing ${sql.raw(rows)} table as "changed" for each statement execute function "countRows"()`.execute(
        db,
      );
    }
  }

  // pg_trgm goes in public, shared by every schema of the database (the tests give each file its own schema,
  // which is dropped after); where it was installed before, that schema is used.
  await sql`create extension if not exists pg_trgm schema public`.execute(db);
  const { rows } = await sql<{ schema: string }>`select nspname as schema
    from pg_extension join pg_namespace on pg_namespace.oid = extnamespace where extname = 'pg_trgm'`.execute(
    db,
  );
  const trigramOps = sql`${sql.id(rows[0]?.schema ?? "public")}.gin_trgm_ops`;
  // The expressions the searches use (clients/repository.ts, bookings/repository.ts), written the same way.
  await sql`create index "client_name_trigram_idx" on "client"
    using gin (("firstNameSearch" || ' ' || "lastNameSearch") ${trigramOps})`.execute(db);

  // Each booking's client name and lower-cased title, under the booking's id (as on SQLite): a search counts and
  // finds bookings from this narrow table without going through their clients one by one.
  await sql`create table "bookingSearch" (
    "bookingId" integer primary key references "booking" ("id") on delete cascade,
    "name" text collate "C" not null,
    "title" text not null
  )`.execute(db);
  await sql`create index "bookingSearch_name_idx" on "bookingSearch" using gin ("name" ${trigramOps})`.execute(
    db,
  );
  await sql`create index "bookingSearch_title_idx" on "bookingSearch" using gin ("title" ${trigramOps})`.execute(
    db,
  );
  await sql`create function "bookingSearchInsert"() returns trigger language plpgsql as $$
    begin
      insert into "bookingSearch" ("bookingId", "name", "title")
        select "changed"."id", "client"."firstNameSearch" || ' ' || "client"."lastNameSearch", lower("changed"."title")
        from "changed" join "client" on "client"."id" = "changed"."clientId";
      return null;
    end $$`.execute(db);
  await sql`create trigger "booking_search_insert" after insert on "booking"
    referencing new table as "changed" for each statement execute function "bookingSearchInsert"()`.execute(
    db,
  );
  await sql`create function "bookingSearchUpdate"() returns trigger language plpgsql as $$
    begin
      update "bookingSearch" set "title" = lower(new."title"),
        "name" = (select "firstNameSearch" || ' ' || "lastNameSearch" from "client" where "id" = new."clientId")
      where "bookingId" = new."id";
      return null;
    end $$`.execute(db);
  await sql`create trigger "booking_search_update" after update of "title", "clientId" on "booking" for each row
    when (old."title" is distinct from new."title" or old."clientId" is distinct from new."clientId")
    execute function "bookingSearchUpdate"()`.execute(db);
  await sql`create function "bookingSearchRename"() returns trigger language plpgsql as $$
    begin
      update "bookingSearch" set "name" = new."firstNameSearch" || ' ' || new."lastNameSearch"
      where "bookingId" in (select "id" from "booking" where "clientId" = new."id");
      return null;
    end $$`.execute(db);
  await sql`create trigger "booking_search_rename" after update of "firstNameSearch", "lastNameSearch" on "client"
    for each row execute function "bookingSearchRename"()`.execute(db);
  await sql`insert into "bookingSearch" ("bookingId", "name", "title")
    select "booking"."id", "client"."firstNameSearch" || ' ' || "client"."lastNameSearch", lower("booking"."title")
    from "booking" join "client" on "client"."id" = "booking"."clientId"`.execute(db);
}
