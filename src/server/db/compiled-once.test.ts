import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { type CallValue, compiledOnce, preparedName } from "./compiled-once.ts";
import type { Db } from "./database.ts";

const probe = (db: Db) =>
  db.withTables<{ compiledProbe: { id: string; firstName: string; lastName: string } }>();

/** A statement compiled once answers every later call with that call's values, on SQLite and on PostgreSQL. */
describe("compiledOnce", () => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await createTestDatabase());
    // A table of the test's own: compiledOnce reads any table; this one needs no other rows.
    await db.schema
      .createTable("compiledProbe")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("firstName", "text", (column) => column.notNull())
      .addColumn("lastName", "text", (column) => column.notNull())
      .execute();
    await probe(db)
      .insertInto("compiledProbe")
      .values(
        ["Ana", "Bea", "Cruz", "Dora"].map((firstName, index) => ({
          id: `p${index}`,
          firstName,
          lastName: "Probe",
        })),
      )
      .execute();
  });
  afterAll(() => close());

  const namesOf = compiledOnce((db, value: CallValue<{ ids: readonly string[]; lastName: string }>) =>
    probe(db)
      .selectFrom("compiledProbe")
      .select("firstName")
      .where("id", "in", value("ids"))
      .where("lastName", "=", value("lastName"))
      // A constant of the query, kept among the parameters as it was written.
      .where("firstName", "!=", "Nobody")
      .orderBy("firstName"),
  );
  const names = async (ids: string[], lastName = "Probe") =>
    (await namesOf(db, { ids, lastName })).map((row) => row.firstName);

  it("runs each call with its own values, and an `in` list of any length", async () => {
    expect(await names(["p0", "p2"])).toEqual(["Ana", "Cruz"]);
    expect(await names(["p1", "p3"])).toEqual(["Bea", "Dora"]);
    expect(await names(["p3"])).toEqual(["Dora"]);
    expect(await names(["p0", "p1", "p2", "p3"])).toEqual(["Ana", "Bea", "Cruz", "Dora"]);
    expect(await names(["p1", "p3"], "Other")).toEqual([]);
  });

  it("leaves out the condition of a value not given, and puts it back when a later call gives it", async () => {
    const named = compiledOnce((db, value: CallValue<{ lastName: string; firstName?: string }>) => {
      const firstName = value("firstName");
      const query = probe(db)
        .selectFrom("compiledProbe")
        .select("id")
        .where("lastName", "=", value("lastName"));
      return (firstName === undefined ? query : query.where("firstName", "=", firstName)).orderBy("id");
    });
    const ids = async (values: { lastName: string; firstName?: string }) =>
      (await named(db, values)).map((row) => row.id);
    expect(await ids({ lastName: "Probe", firstName: "Cruz" })).toEqual(["p2"]);
    expect(await ids({ lastName: "Probe" })).toEqual(["p0", "p1", "p2", "p3"]);
    expect(await ids({ lastName: "Probe", firstName: "Ana" })).toEqual(["p0"]);
  });

  it("runs inside a transaction, which sees its own writes", async () => {
    await db
      .transaction()
      .execute(async (trx) => {
        await probe(trx)
          .updateTable("compiledProbe")
          .set({ firstName: "Bel" })
          .where("id", "=", "p1")
          .execute();
        expect((await namesOf(trx, { ids: ["p1"], lastName: "Probe" }))[0]?.firstName).toBe("Bel");
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(await names(["p1"])).toEqual(["Bea"]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "is prepared once per PostgreSQL connection, which then runs it by its name (decision 057)",
    async () => {
      const byLastName = compiledOnce((db, value: CallValue<{ lastName: string }>) =>
        probe(db)
          .selectFrom("compiledProbe")
          .select("id as preparedProbe")
          .where("lastName", "=", value("lastName")),
      );
      // One connection throughout, a transaction's: each connection of the pool prepares the statement for itself.
      await db.transaction().execute(async (trx) => {
        expect(await byLastName(trx, { lastName: "Probe" })).toHaveLength(4);
        expect(await byLastName(trx, { lastName: "Other" })).toEqual([]);
        expect(await byLastName(trx, { lastName: "Probe" })).toHaveLength(4);
        const { rows } = await sql<{ name: string; statement: string; runs: number }>`
          select name, statement, generic_plans + custom_plans as runs from pg_prepared_statements
          where statement like '%preparedProbe%'`.execute(trx);
        expect(rows).toHaveLength(1);
        const [prepared] = rows as [{ name: string; statement: string; runs: number }];
        expect(prepared.name).toBe(preparedName(prepared.statement));
        // Three calls, one statement parsed once: a statement sent unnamed is not kept here at all.
        expect(Number(prepared.runs)).toBe(3);
      });
    },
  );

  it("refuses a value written into the SQL text, which a later call could not change", async () => {
    const written = compiledOnce((db, value: CallValue<{ name: string }>) =>
      probe(db)
        .selectFrom("compiledProbe")
        .select("id")
        .where("firstName", "=", sql.lit(value("name"))),
    );
    await expect(written(db, { name: "Ana" })).rejects.toThrow(/written into the SQL text/);
  });
});
