import { type Compilable, type CompiledQuery, createQueryId, PostgresAdapter } from "kysely";
import type { Db } from "./database.ts";

/** Where a compiled statement's parameter comes from: a value of the call (an array's element by index), or itself. */
type Source = { name: string; index: number | null } | { constant: unknown };

interface Plan {
  query: CompiledQuery["query"];
  sql: string;
  sources: Source[];
}

/** Stands for one of a call's values while its statement is built; `value` hands it to the builder. */
export type CallValue<Values> = <K extends keyof Values & string>(name: K) => Values[K];

/** The most shapes of its values (shapeOf) one read keeps compiled; the oldest goes first. */
const shapesKept = 32;

/**
 * The PostgreSQL statements compiled here, each with the name it is prepared under on every connection that runs it
 * (database.ts, docs/decisions/057): the server parses it once per connection, and plans it once too when its
 * generic plan costs no more than a fresh one, rather than on every call. A name is never given to another text (pg
 * refuses that). Past `namesKept` texts a new one runs unnamed, as any other statement does, so reads whose `in`
 * lists take ever new lengths cannot fill each connection's memory on the server.
 */
const statementNames = new Map<string, string>();
const namesKept = 1000;

/** The name a PostgreSQL statement compiled here is prepared under, if it has one. */
export function preparedName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/**
 * A read built and compiled once and then run with each call's values (docs/decisions/056). Kysely builds a query
 * afresh on every call and compiles it to SQL: a fifth to a quarter of a client read's server CPU, more than the
 * SQLite statement itself. `build` writes the query as always, with `value("name")` wherever a value of the call
 * goes; it is called once per database kind (SQLite, PostgreSQL: their SQL differs) and per shape of the values:
 * the length of an array (an `in` list), and whether an optional value is given (`value` answers undefined for one
 * that is not, so `build` may leave out its condition). `build` must give the same SQL for any values of the same
 * shape: no other branch on a value, no value written into the SQL text (`sql.lit`, a table's name, arithmetic on
 * it) — the first call refuses one it can see.
 * Reads only: a plugin's work on the query (TableWrites notes written tables) is done once, at the first compile; its
 * work on the result is done on every run, so a test counts statements there.
 */
export function compiledOnce<Values extends Record<string, unknown>, Row>(
  build: (db: Db, value: CallValue<Values>) => Compilable<Row>,
): (db: Db, values: Values) => Promise<Row[]> {
  // By the dialect's adapter: one per opened database, shared by its transactions.
  const plans = new WeakMap<object, Map<string, Plan>>();
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    const shape = shapeOf(values);
    let byShape = plans.get(adapter);
    if (!byShape) {
      byShape = new Map();
      plans.set(adapter, byShape);
    }
    let plan = byShape.get(shape);
    if (!plan) {
      plan = compile(db, build, values);
      if (byShape.size >= shapesKept) byShape.delete(byShape.keys().next().value as string);
      byShape.set(shape, plan);
    }
    const parameters = plan.sources.map((source) => {
      if ("constant" in source) return source.constant;
      const value = values[source.name];
      return source.index === null ? value : (value as unknown[])[source.index];
    });
    const result = await db.executeQuery<Row>({
      query: plan.query,
      sql: plan.sql,
      parameters,
      queryId: createQueryId(),
    });
    return result.rows;
  };
}

/**
 * Which of the call's values are given, and the lengths of its arrays: a statement's SQL differs by them, and by
 * nothing else of its values.
 */
function shapeOf(values: Record<string, unknown>): string {
  let shape = "";
  for (const name in values) {
    const value = values[name];
    if (Array.isArray(value)) shape += `${name}:${value.length};`;
    else if (value !== undefined) shape += `${name};`;
  }
  return shape;
}

function compile<Values extends Record<string, unknown>, Row>(
  db: Db,
  build: (db: Db, value: CallValue<Values>) => Compilable<Row>,
  values: Values,
): Plan {
  // Markers no value of ours looks like, found again among the compiled statement's parameters.
  const markers = new Map<string, { name: string; index: number | null }>();
  const marker = (name: string, index: number | null) => {
    const text = `\u0000compiled-once:${name}:${index ?? ""}`;
    markers.set(text, { name, index });
    return text;
  };
  const value = ((name: string) => {
    const given = values[name];
    if (given === undefined) return undefined;
    return Array.isArray(given) ? given.map((_, index) => marker(name, index)) : marker(name, null);
  }) as CallValue<Values>;
  const compiled = build(db, value).compile();
  if (compiled.sql.includes("\u0000compiled-once:")) {
    throw new Error(
      `compiledOnce: a value was written into the SQL text, not passed as a parameter: ${compiled.sql}`,
    );
  }
  const sources = compiled.parameters.map(
    (parameter): Source =>
      (typeof parameter === "string" && markers.get(parameter)) || { constant: parameter },
  );
  const used = new Set(sources.flatMap((source) => ("name" in source ? [source.name] : [])));
  for (const { name } of markers.values()) {
    if (!used.has(name))
      throw new Error(`compiledOnce: the value "${name}" is not among the statement's parameters`);
  }
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (onPostgres && !statementNames.has(compiled.sql) && statementNames.size < namesKept) {
    statementNames.set(compiled.sql, `compiled_once_${statementNames.size + 1}`);
  }
  return { query: compiled.query, sql: compiled.sql, sources };
}
