import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import { normalizeEmail } from "../../domain/fields.ts";
import type { PackType } from "../../domain/packs.ts";
import { isShortSearch, searchKey, shortestIndexedSearch } from "../../domain/search.ts";
import { type CallValue, compiledOnce } from "../db/compiled-once.ts";
import type { Db } from "../db/database.ts";
import { householdsWithWord, wordProbeLimit, writeNameWords } from "../db/name-words.ts";
import { containsPattern, isPostgres } from "../db/portable.ts";
import type { Database } from "../db/schema.ts";
import {
  countedRows,
  countedRowsColumn,
  countOf,
  readAlongOrder,
  shortSearchPage,
  startsAWord,
  trigramPhrase,
} from "../db/search.ts";
import { type SwimmerName, swimmerNamesColumn, swimmerNamesFromColumn } from "../households/service.ts";

const clientColumns = [
  "client.id",
  "client.firstName",
  "client.lastName",
  "client.email",
  "client.phoneNumber",
  "client.defaultPackType",
  "client.createdAt",
  "client.address",
  "client.accessNotes",
] as const;

/** A client's row; its plan is the plans feature's to add (clients/service.ts). */
export interface ClientRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  defaultPackType: PackType | null;
  createdAt: string;
  address: string;
  accessNotes: string;
}

const toClientRow = (row: Omit<ClientRow, "defaultPackType"> & { defaultPackType: string | null }) => ({
  ...row,
  defaultPackType: row.defaultPackType as PackType | null,
});

/** A client of a list's page, with its household's swimmers (read in the page's statement). */
export type ListedClient = ClientRow & { swimmers: SwimmerName[] };

/** The household's swimmers, as a column of a page of clients. */
const swimmersOfClient = (db: Db) => (eb: ExpressionBuilder<Database, "client">) =>
  swimmerNamesColumn(db, eb.ref("client.id"));

const toListedClient = ({
  swimmerNames,
  ...row
}: Omit<ClientRow, "defaultPackType"> & { defaultPackType: string | null; swimmerNames: unknown }) => ({
  ...toClientRow(row),
  swimmers: swimmerNamesFromColumn(swimmerNames),
});

/**
 * Clients whose first or last name, or one of their family's names (familyNamesSearch: the other swimmers' and
 * guardians', one a line, migration 0013), contains the search key (the folded form: searchKey), exactly. A key has
 * no control character (searchTextParam), so it never spans two of the family's names.
 */
function matching(db: Db, key: string) {
  if (!key) return db.selectFrom("client");
  if (isShortSearch(key))
    return db
      .selectFrom("client")
      .where((eb) =>
        eb.or([
          startsAWord(sql`${eb.ref("client.firstNameSearch")}`, key),
          startsAWord(sql`${eb.ref("client.lastNameSearch")}`, key),
          startsAWord(sql`${eb.ref("client.familyNamesSearch")}`, key, true),
        ]),
      );
  const pattern = containsPattern(key);
  return db
    .selectFrom("client")
    .where(
      (eb) =>
        sql<boolean>`(${eb.ref("client.firstNameSearch")} like ${pattern} escape '\\' or ${eb.ref("client.lastNameSearch")} like ${pattern} escape '\\' or ${eb.ref("client.familyNamesSearch")} like ${pattern} escape '\\')`,
    );
}

/**
 * The ids of the clients whose "first last" search name or family names contain `key`, read from the trigram
 * indexes of migrations 0009 and 0013 (FTS5 on SQLite, pg_trgm on PostgreSQL): exactly those, as LIKE would say.
 * Undefined for a key too short for the index.
 */
export function clientIdsNamed(db: Db, key: string) {
  if ([...key].length < shortestIndexedSearch) return undefined;
  if (isPostgres(db)) {
    // The expressions of client_name_trigram_idx and client_family_trigram_idx (a bitmap OR of the two).
    const pattern = containsPattern(key);
    return db
      .selectFrom("client")
      .select("client.id as clientId")
      .where(
        (eb) =>
          sql<boolean>`((${eb.ref("client.firstNameSearch")} || ' ' || ${eb.ref("client.lastNameSearch")}) like ${pattern} escape '\\' or ${eb.ref("client.familyNamesSearch")} like ${pattern} escape '\\')`,
      );
  }
  return db
    .selectFrom("clientName")
    .select("clientName.clientId")
    .where("clientName.id", "in", db.selectFrom(nameIndexHits(key).as("hit")).select("hit.id"));
}

/**
 * SQLite: the rows of the FTS5 indexes of client names and family names that hold `key`, one per client (UNION
 * keeps a client found by both once).
 */
const nameIndexHits = (key: string) =>
  sql<{
    id: number;
  }>`(select rowid as "id" from "clientNameTrigram" where "clientNameTrigram" match ${trigramPhrase(key)}
    union select rowid from "familyNameTrigram" where "familyNameTrigram" match ${trigramPhrase(key)})`;

/**
 * Whether at least `limit` index entries hold `key` (3 letters or more): the same indexes as clientIdsNamed, read
 * until `limit` entries (a household found by both indexes counts twice, which only ever says "many" sooner).
 */
async function manyNamed(db: Db, key: string, limit: number): Promise<boolean> {
  if (isPostgres(db)) {
    const named = clientIdsNamed(db, key);
    if (!named) return false;
    const rows = await db.selectFrom(named.as("named")).select("named.clientId").limit(limit).execute();
    return rows.length >= limit;
  }
  const rows = await sql<{
    id: number;
  }>`select rowid as "id" from "clientNameTrigram" where "clientNameTrigram" match ${trigramPhrase(key)}
    union all select rowid from "familyNameTrigram" where "familyNameTrigram" match ${trigramPhrase(key)}
    limit ${limit}`.execute(db);
  return rows.rows.length >= limit;
}

/** The clients list's order: by first name, last name (folded), then id, as client_name_order_idx holds them. */
const inNameOrder = <O>(query: SelectQueryBuilder<Database, "client", O>) =>
  query.orderBy("client.firstNameSearch").orderBy("client.lastNameSearch").orderBy("client.id");

/** The clients matching `key` as the list shows them (with their swimmers), in name order. */
const listedInNameOrder = (db: Db, key: string) =>
  inNameOrder(matching(db, key).select(clientColumns).select(swimmersOfClient(db)));

/**
 * One page of clients whose first or last name contains `search` (any case or accent), in name order. The
 * order follows client_name_order_idx, which also holds both search columns: a page is read from the index
 * alone and the scan stops once the page is full.
 */
export function clientPageQuery(
  db: Db,
  query: { search: string; page: number; pageSize: number },
  pageStep = query.pageSize,
) {
  return listedInNameOrder(db, searchKey(query.search))
    .limit(query.pageSize)
    .offset((query.page - 1) * pageStep);
}

/** The same page, from the clients the trigram index names: few matches are found and sorted at once. */
export function clientPageFromIndexQuery(
  db: Db,
  query: { search: string; page: number; pageSize: number },
  named: NonNullable<ReturnType<typeof clientIdsNamed>>,
) {
  const pageIds = inNameOrder(
    matching(db, searchKey(query.search)).where("client.id", "in", named).select("client.id"),
  )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return inNameOrder(
    db
      .selectFrom("client")
      .where("client.id", "in", pageIds)
      .select(clientColumns)
      .select(swimmersOfClient(db)),
  );
}

/**
 * How many clients match. A key without a space is in "first last" exactly when it is in the first or the last
 * name, so the index's count is the answer; with a space it may span the gap, so each hit is checked.
 */
async function countClients(db: Db, key: string): Promise<number> {
  if (!key) return countedRows(db, "client");
  const named = clientIdsNamed(db, key);
  if (!named) return countOf(db, matching(db, key).select("client.id"));
  if (key.includes(" "))
    return countOf(db, matching(db, key).where("client.id", "in", named).select("client.id"));
  // SQLite: the index's own rows, one per client, without looking the clients up.
  return isPostgres(db)
    ? countOf(db, named)
    : countOf(db, db.selectFrom(nameIndexHits(key).as("hit")).select("hit.id"));
}

/**
 * A page of these few clients (fewer than the word probe's limit) in name order: each read by id, then sorted.
 * Materialized, because PostgreSQL would otherwise walk client_name_order_idx testing each client against the
 * list, which reads the whole index when the matches sort late or are fewer than the page.
 */
function namedClientsPage(db: Db, ids: readonly string[], query: { page: number; pageSize: number }) {
  const columns = clientColumns.map((column) => column.slice("client.".length) as ClientColumn);
  return db
    .with(
      (cte) => cte("named").materialized(),
      (db) =>
        db
          .selectFrom("client")
          .where("client.id", "in", ids)
          .select([...clientColumns, "client.firstNameSearch", "client.lastNameSearch"]),
    )
    .selectFrom("named")
    .select(columns)
    .select((eb) => swimmerNamesColumn(db, eb.ref("named.id")))
    .orderBy("named.firstNameSearch")
    .orderBy("named.lastNameSearch")
    .orderBy("named.id")
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

/** The clients list's first look (no search), the page and the kept row count: compiled once (decision 056). */
const unsearchedClientsRead = compiledOnce((db, value: CallValue<{ limit: number; offset: number }>) =>
  listedInNameOrder(db, "").select(countedRowsColumn("client")).limit(value("limit")).offset(value("offset")),
);

type ClientColumn = (typeof clientColumns)[number] extends `client.${infer Column}` ? Column : never;

export async function listClients(
  db: Db,
  query: { search: string; page: number; pageSize: number },
  wordProbe = wordProbeLimit,
): Promise<{ items: ListedClient[]; total: number; totalAtLeast: boolean }> {
  const key = searchKey(query.search);
  if (!key) {
    // The unsearched list: its page and the kept row count in one statement.
    const rows = await unsearchedClientsRead(db, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const total = rows[0] ? Number(rows[0].countedRows) : await countedRows(db, "client");
    return {
      items: rows.map(({ countedRows: _, ...row }) => toListedClient(row)),
      total,
      totalAtLeast: false,
    };
  }
  // The page (and one row more) read along the name order, and the matches not counted: a search many names hold.
  const pageAlongOrder = async () => {
    const rows = await clientPageQuery(
      db,
      { ...query, pageSize: query.pageSize + 1 },
      query.pageSize,
    ).execute();
    return shortSearchPage(rows.map(toListedClient), query.page, query.pageSize);
  };
  if (isShortSearch(key)) {
    // Few names start with these letters ("zq"): the word table names them all, read by id and counted
    // (docs/decisions/043).
    const named = await householdsWithWord(db, key, true, wordProbe);
    if (named) {
      const rows = named.length === 0 ? [] : await namedClientsPage(db, named, query).execute();
      return { items: rows.map(toListedClient), total: named.length, totalAtLeast: false };
    }
    // Names starting with one or two letters are many: the page (and one row more) is read along the name order,
    // full after a few dozen rows at any size, and the matches are not counted.
    return pageAlongOrder();
  }
  if (await manyNamed(db, key, wordProbe)) {
    // Many names hold the key ("vega" at 100,000 households): counting them all grows with the school, so the page
    // (and one row more) is read along the name order, full after about page × households / matches rows, and the
    // matches are not counted (docs/decisions/046), as a short search of many matches.
    return pageAlongOrder();
  }
  const total = await countClients(db, key);
  const upTo = query.page * query.pageSize;
  if (total <= upTo - query.pageSize) return { items: [], total, totalAtLeast: false };
  const named = clientIdsNamed(db, key);
  const rows = await (!named || readAlongOrder(total, await countedRows(db, "client"), upTo)
    ? clientPageQuery(db, query)
    : clientPageFromIndexQuery(db, query, named)
  ).execute();
  return { items: rows.map(toListedClient), total, totalAtLeast: false };
}

export async function findClientRow(db: Db, id: string): Promise<ClientRow | undefined> {
  const row = await db
    .selectFrom("client")
    .select(clientColumns)
    .where("client.id", "=", id)
    .executeTakeFirst();
  return row && toClientRow(row);
}

/** Any account (admin or client) with this email, other than `exceptUserId`. */
export async function emailInUse(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  let query = db.selectFrom("user").select("id").where("email", "=", normalizeEmail(email));
  if (exceptUserId) query = query.where("id", "!=", exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export interface NewClientRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  defaultPackType: PackType;
  now: string;
}

/**
 * The client row of a new household (and its name words), written by the caller's transaction after its first
 * guardian's login.
 */
export async function insertClientRow(trx: Db, account: NewClientRow): Promise<void> {
  await trx
    .insertInto("client")
    .values({
      id: account.id,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      phoneNumber: account.phoneNumber,
      createdAt: account.now,
      role: "client",
      defaultPackType: account.defaultPackType,
      firstNameSearch: searchKey(account.firstName),
      lastNameSearch: searchKey(account.lastName),
    })
    .execute();
  await writeNameWords(trx, account.id);
}

export interface ClientChanges {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  defaultPackType: PackType | null;
  address: string;
  accessNotes: string;
}

/** The client row (and its name words) and, in the same transaction, the user's name and email. */
export async function updateClientAccount(trx: Db, id: string, changes: ClientChanges, now: string) {
  await trx
    .updateTable("client")
    .set({
      ...changes,
      firstNameSearch: searchKey(changes.firstName),
      lastNameSearch: searchKey(changes.lastName),
    })
    .where("id", "=", id)
    .execute();
  await writeNameWords(trx, id);
  await trx
    .updateTable("user")
    .set({ name: `${changes.firstName} ${changes.lastName}`, email: changes.email, updatedAt: now })
    .where("id", "=", id)
    .execute();
}
