import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RawNode,
  RootOperationNode,
  UnknownRow,
} from "kysely";

/** Every table: a statement whose target cannot be read off its tree (raw SQL, a schema change, a delete). */
const anyTable = "*";

/**
 * Raw SQL that is one plain select: what the repositories write by hand to read (the curriculum in one statement,
 * the name indexes, the health check's `select 1`, an advisory lock). It must not count as a write, or every such
 * read would make the session guard forget every session it keeps. A WITH, which may hide a write, a `;`, which
 * may start a second statement, or an INTO (PostgreSQL's SELECT INTO makes a table) keeps it among the writes, in
 * the statement's own text or in raw SQL put inside it (`sql.raw`, a nested `sql`).
 */
function isPlainSelect(node: RawNode): boolean {
  const text = rawText(node);
  return /^[\s(]*select\s/i.test(text) && !text.includes(";") && !/\binto\b/i.test(text);
}

/** A raw statement's own text, then that of the raw SQL among its parameters (values are not SQL). */
function rawText(node: RawNode): string {
  const nested = node.parameters.filter((parameter): parameter is RawNode => parameter.kind === "RawNode");
  return [...node.sqlFragments, ...nested.map(rawText)].join(" ");
}

/**
 * The table a statement writes, `anyTable` when it may write any, or null for a read. A delete counts as any table:
 * its foreign keys may cascade into others, and deletes are rare enough for that to cost nothing.
 */
function writtenTable(node: RootOperationNode): string | null {
  switch (node.kind) {
    case "SelectQueryNode":
      // A data-modifying WITH would hide a write inside a select.
      return node.with ? anyTable : null;
    case "RawNode":
      return isPlainSelect(node) ? null : anyTable;
    case "InsertQueryNode":
      return tableName(node.into) ?? anyTable;
    case "UpdateQueryNode":
      return node.from || node.joins || node.with ? anyTable : (tableName(node.table) ?? anyTable);
    default:
      return anyTable;
  }
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (node?.kind === "TableNode" && "table" in node) {
    const table = node.table as { identifier?: { name?: unknown } };
    if (typeof table.identifier?.name === "string") return table.identifier.name;
  }
  if (node?.kind === "AliasNode" && "node" in node) return tableName(node.node as OperationNode);
  return undefined;
}

/**
 * Tells whoever keeps a copy of some tables' rows (the session guard, auth/session.ts) that a statement wrote to
 * them, once it has run: openDatabase installs it on every database it opens, so every feature's writes, better-auth's
 * (it uses the same Kysely) and every transaction's pass through it. Writes made by another process (a second
 * instance, a shell tool) are not seen: a copy kept from these tables must also expire.
 */
export class TableWrites implements KyselyPlugin {
  readonly #listeners = new Set<{ tables: ReadonlySet<string>; onWrite: () => void }>();
  readonly #pending = new WeakMap<QueryId, string>();

  /** Calls `onWrite` after each statement that wrote (or may have written) one of `tables`; returns the stop. */
  on(tables: readonly string[], onWrite: () => void): () => void {
    const listener = { tables: new Set(tables), onWrite };
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (this.#listeners.size > 0) {
      const table = writtenTable(node);
      if (table !== null) this.#pending.set(queryId, table);
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const table = this.#pending.get(queryId);
    if (table !== undefined) {
      this.#pending.delete(queryId);
      for (const listener of this.#listeners) {
        if (table === anyTable || listener.tables.has(table)) listener.onWrite();
      }
    }
    return result;
  }
}
