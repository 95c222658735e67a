import { type ExpressionBuilder, sql } from "kysely";
import type { Client } from "../../domain/clients.ts";
import { normalizeEmail } from "../../domain/fields.ts";
import type { PackType } from "../../domain/packs.ts";
import type { Db } from "../db/database.ts";
import { containsPattern } from "../db/portable.ts";
import type { Database } from "../db/schema.ts";
import { type SchoolTime, usedClassesOf } from "../subscriptions/service.ts";

/**
 * The form of a name stored for search, and of the search text: lower case without accents, so "maria"
 * finds "María" and the order is the same on both engines.
 */
export function searchKey(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

const hasActivePlan = (eb: ExpressionBuilder<Database, "client">) =>
  eb
    .exists(
      eb
        .selectFrom("subscriptionPlan")
        .select("subscriptionPlan.id")
        .whereRef("subscriptionPlan.clientId", "=", "client.id")
        .where("subscriptionPlan.isActive", "=", 1),
    )
    .as("hasActiveSubscription");

/** The active plan's columns, one indexed lookup each (at most one plan is active: migration 0005). */
const activePlanColumn =
  <C extends "id" | "totalClasses" | "packType", A extends string>(column: C, alias: A) =>
  (eb: ExpressionBuilder<Database, "client">) =>
    eb
      .selectFrom("subscriptionPlan")
      .select(`subscriptionPlan.${column}`)
      .whereRef("subscriptionPlan.clientId", "=", "client.id")
      .where("subscriptionPlan.isActive", "=", 1)
      .limit(1)
      .as(alias);

const planColumns = [
  activePlanColumn("id", "planId"),
  activePlanColumn("totalClasses", "planTotalClasses"),
  activePlanColumn("packType", "planPackType"),
] as const;

interface PlanColumns {
  planId: number | null;
  planTotalClasses: number | null;
  planPackType: string | null;
}

/** Adds each client's active plan, with its used classes counted the one way (subscriptions/service.ts). */
async function withPlans<R extends PlanColumns>(
  db: Db,
  rows: R[],
  at: SchoolTime,
): Promise<(R & { plan: Client["plan"] })[]> {
  const planIds = rows.flatMap((row) => (row.planId === null ? [] : [row.planId]));
  const used = planIds.length ? await usedClassesOf(db, planIds, at) : new Map<number, number>();
  return rows.map((row) => ({
    ...row,
    plan:
      row.planId === null
        ? null
        : {
            totalClasses: Number(row.planTotalClasses),
            usedClasses: used.get(row.planId) ?? 0,
            packType: row.planPackType as PackType,
          },
  }));
}

const clientColumns = [
  "client.id",
  "client.firstName",
  "client.lastName",
  "client.email",
  "client.phoneNumber",
  "client.defaultPackType",
  "client.createdAt",
] as const;

function toClient(row: {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  defaultPackType: string | null;
  createdAt: string;
  hasActiveSubscription: unknown;
  plan: Client["plan"];
}): Client {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    defaultPackType: row.defaultPackType as PackType | null,
    hasActiveSubscription: Boolean(row.hasActiveSubscription),
    plan: row.plan,
    createdAt: row.createdAt,
  };
}

function matching(db: Db, search: string) {
  const key = searchKey(search);
  if (!key) return db.selectFrom("client");
  const pattern = containsPattern(key);
  return db
    .selectFrom("client")
    .where(
      (eb) =>
        sql<boolean>`(${eb.ref("client.firstNameSearch")} like ${pattern} escape '\\' or ${eb.ref("client.lastNameSearch")} like ${pattern} escape '\\')`,
    );
}

/**
 * One page of clients whose first or last name contains `search` (any case or accent), in name order. The
 * order follows client_name_order_idx, which also holds both search columns: a page is read from the index
 * alone and the scan stops once the page is full.
 */
export function clientPageQuery(db: Db, query: { search: string; page: number; pageSize: number }) {
  return matching(db, query.search)
    .select([...clientColumns, hasActivePlan, ...planColumns])
    .orderBy("client.firstNameSearch")
    .orderBy("client.lastNameSearch")
    .orderBy("client.id")
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

export async function listClients(
  db: Db,
  query: { search: string; page: number; pageSize: number },
  at: SchoolTime,
): Promise<{ items: Client[]; total: number }> {
  const [rows, count] = await Promise.all([
    clientPageQuery(db, query).execute(),
    matching(db, query.search)
      .select((eb) => eb.fn.countAll<string | number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: (await withPlans(db, rows, at)).map(toClient), total: Number(count.total) };
}

export async function findClient(db: Db, id: string, at: SchoolTime): Promise<Client | undefined> {
  const row = await db
    .selectFrom("client")
    .select([...clientColumns, hasActivePlan, ...planColumns])
    .where("client.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [withPlan] = await withPlans(db, [row], at);
  return withPlan && toClient(withPlan);
}

/** Any account (admin or client) with this email, other than `exceptUserId`. */
export async function emailInUse(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  let query = db.selectFrom("user").select("id").where("email", "=", normalizeEmail(email));
  if (exceptUserId) query = query.where("id", "!=", exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export interface NewClientAccount {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  defaultPackType: PackType;
  /** better-auth's hash of the temporary password. */
  passwordHash: string;
  accountId: string;
  now: string;
}

/**
 * The better-auth user and credential account (the rows its admin createUser writes) and the client row,
 * written by the caller's transaction so that all three exist or none does.
 */
export async function insertClientAccount(trx: Db, account: NewClientAccount): Promise<void> {
  await trx
    .insertInto("user")
    .values({
      id: account.id,
      name: `${account.firstName} ${account.lastName}`,
      email: account.email,
      emailVerified: 0,
      image: null,
      createdAt: account.now,
      updatedAt: account.now,
      role: "user",
      banned: 0,
      banReason: null,
      banExpires: null,
      mustChangePassword: 1,
    })
    .execute();
  await trx
    .insertInto("account")
    .values({
      id: account.accountId,
      accountId: account.id,
      providerId: "credential",
      userId: account.id,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      password: account.passwordHash,
      createdAt: account.now,
      updatedAt: account.now,
    })
    .execute();
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
}

export interface ClientChanges {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  defaultPackType: PackType | null;
}

/** The client row and, in the same transaction, the user's name and email. */
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
  await trx
    .updateTable("user")
    .set({ name: `${changes.firstName} ${changes.lastName}`, email: changes.email, updatedAt: now })
    .where("id", "=", id)
    .execute();
}
