import { randomBytes } from "node:crypto";
import { addDays } from "../../src/domain/school-day.ts";
import { renewFeed } from "../../src/server/calendar-feed/service.ts";
import { signedInAdmin, signedInClient, type TestAccount } from "../support/accounts.ts";
import { createBooking, createClient, createPlan, passwordHashOf } from "../support/factories.ts";
import type { TestApp } from "../support/test-app.ts";

/**
 * The rows the hostile requests aim at: a signed-in admin; a signed-in client and another client (the "victim",
 * never signed in), each with a plan, a booking, an open checkout and a calendar feed. The signed-in client must
 * never reach the victim's rows. The admin aims at the victim only (an admin's accepted request may delete a
 * client or end their sessions, which would sign our client out): `ensureWorld` puts back whatever an accepted
 * request took away, under new ids, so that every route is attacked with the same kinds of rows.
 */
export interface Member {
  id: string;
  email: string;
  booking: number;
  checkout: string;
  feedFile: string;
}

export interface World {
  admin: TestAccount;
  client: TestAccount & Member;
  victim: Member;
  mailId: number;
}

export type Caller = "visitor" | "admin" | "client";

/** Names of the world's values that generated requests refer to; resolved when the request is sent. */
export const refNames = [
  "client.id",
  "client.email",
  "client.booking",
  "client.checkout",
  "client.feedFile",
  "victim.id",
  "victim.email",
  "victim.booking",
  "victim.checkout",
  "victim.feedFile",
  "admin.id",
  "mailId",
] as const;
export type RefName = (typeof refNames)[number];

/** A reference's value for this caller: for the admin, "the client" is the victim. */
export function resolveRef(world: World, name: RefName, caller: Caller): string | number {
  if (name === "admin.id") return world.admin.id;
  if (name === "mailId") return world.mailId;
  const [who, field] = name.split(".") as ["client" | "victim", keyof Member];
  const member = who === "client" && caller !== "admin" ? world.client : world.victim;
  return member[field];
}

/** Every member's booking has a class on this day: near-valid feedback bodies name it (arbitraries.ts). */
export const bookedDay = "2030-01-07";

let nextWeek = 0;
/** A future date no booking of this file has used yet (the test clock stands in 2026). */
const freshDate = () => addDays("2031-01-06", 7 * nextWeek++);

async function openCheckout(t: TestApp, clientId: string, email: string): Promise<string> {
  const id = `local_cs_hostile_${randomBytes(6).toString("hex")}`;
  await t.db
    .insertInto("checkoutSession")
    .values({
      id,
      provider: "local",
      clientId,
      packType: "4_60",
      email,
      status: "open",
      createdAt: t.clock.now().toISOString(),
    })
    .execute();
  return id;
}

async function feedFileOf(t: TestApp, clientId: string): Promise<string> {
  // The household's first guardian's feed (their user id is the household's).
  const feed = await t.db
    .selectFrom("guardianCalendarFeed")
    .select("token")
    .where("userId", "=", clientId)
    .executeTakeFirst();
  if (feed) return `${feed.token}.ics`;
  return (await renewFeed(t, clientId, clientId)).url?.split("/").pop() ?? "";
}

async function rowsOf(t: TestApp, id: string, email: string): Promise<Member> {
  await createPlan(t.db, { clientId: id });
  const { bookingId } = await createBooking(t.db, { clientId: id, dates: [bookedDay, freshDate()] });
  return {
    id,
    email,
    booking: bookingId,
    checkout: await openCheckout(t, id, email),
    feedFile: await feedFileOf(t, id),
  };
}

async function newClient(t: TestApp): Promise<World["client"]> {
  const account = await signedInClient(t, { firstName: "Hostile", lastName: "Client" });
  return { ...account, ...(await rowsOf(t, account.id, account.email)) };
}

/** Made by the factory, with a password hashed once: fast enough to remake after each deletion. */
async function newVictim(t: TestApp): Promise<Member> {
  const { id, email } = await createClient(t.db, {
    firstName: "Victim",
    lastName: "Client",
    phoneNumber: "5550199",
    defaultPackType: "8_60",
    passwordHash: await passwordHashOf(t.auth, "victim-password-1"),
    createdAt: t.clock.now().toISOString(),
  });
  return rowsOf(t, id, email);
}

export async function createWorld(t: TestApp): Promise<World> {
  const admin = await signedInAdmin(t);
  const client = await newClient(t);
  const victim = await newVictim(t);
  const mail = await t.db.selectFrom("mailOutbox").select("id").orderBy("id", "desc").executeTakeFirst();
  return { admin, client, victim, mailId: mail?.id ?? 1 };
}

/** Puts back what an accepted request took away; true when something was written. */
export async function ensureWorld(t: TestApp, world: World): Promise<boolean> {
  const { db } = t;
  const hasSession = async (userId: string) =>
    Boolean(await db.selectFrom("session").select("id").where("userId", "=", userId).executeTakeFirst());
  const clientExists = async (id: string) =>
    Boolean(await db.selectFrom("client").select("id").where("id", "=", id).executeTakeFirst());
  let wrote = false;
  if (!(await hasSession(world.admin.id))) {
    world.admin = await signedInAdmin(t);
    wrote = true;
  }
  if (!(await hasSession(world.client.id)) || !(await clientExists(world.client.id))) {
    world.client = await newClient(t);
    wrote = true;
  }
  if (!(await clientExists(world.victim.id))) {
    world.victim = await newVictim(t);
    wrote = true;
  }
  for (const member of [world.client, world.victim]) {
    const booking = await db
      .selectFrom("booking")
      .select("id")
      .where("id", "=", member.booking)
      .executeTakeFirst();
    if (!booking) {
      const taken = await db
        .selectFrom("lesson")
        .select("id")
        .where("clientId", "=", member.id)
        .where("date", "=", bookedDay)
        .executeTakeFirst();
      const dates = taken ? [freshDate()] : [bookedDay, freshDate()];
      member.booking = (await createBooking(db, { clientId: member.id, dates })).bookingId;
      wrote = true;
    }
    const checkout = await db
      .selectFrom("checkoutSession")
      .select("status")
      .where("id", "=", member.checkout)
      .executeTakeFirst();
    if (checkout?.status !== "open") {
      member.checkout = await openCheckout(t, member.id, member.email);
      wrote = true;
    }
    const feedFile = await feedFileOf(t, member.id);
    if (feedFile !== member.feedFile) {
      member.feedFile = feedFile;
      wrote = true;
    }
  }
  return wrote;
}
