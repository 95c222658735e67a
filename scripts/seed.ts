/**
 * Believable demo data, fast, on the database the server uses (DATABASE_URL, else SQLite under DATA_DIR):
 *
 *   npm run seed -- --clients 1000 --bookings 1000 [--password 'demo-password-1']
 *
 * Every client can sign in with that password (no first-sign-in change asked). About 7 in 10 clients have an
 * active plan; each booking books 1 to 4 dates, a week apart, from half a year ago to a few months ahead, and most
 * past dates carry feedback. Rows go in with multi-row INSERTs inside one transaction: 100,000 clients and
 * 100,000 bookings take well under a minute. Run it on an empty database or beside existing data: it only adds.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Insertable, sql } from "kysely";
import { amountToPay, bookingTitle } from "../src/domain/bookings.ts";
import { packCatalogue } from "../src/domain/pack-catalogue.ts";
import { addDays, dayInZone } from "../src/domain/school-day.ts";
import { type Db, migrateToLatest, openDatabase, sqliteFileIn } from "../src/server/db/database.ts";
import { isPostgres } from "../src/server/db/portable.ts";
import type { Database } from "../src/server/db/schema.ts";
import { searchKey } from "../src/server/db/search.ts";
import { silentLog } from "../src/server/http/log.ts";
import { wire } from "../src/server/wiring.ts";
import { configOrExplain } from "./cli-config.ts";

const usage = "Usage: npm run seed -- --clients <n> [--bookings <n>] [--password <password>]";

const firstNames = [
  "Emma",
  "Liam",
  "Olivia",
  "Noah",
  "Ava",
  "Mateo",
  "Sofia",
  "Lucas",
  "Mia",
  "Leo",
  "Isabella",
  "Hugo",
  "Chloe",
  "Daniel",
  "Lucia",
  "Ethan",
  "Amelia",
  "Samuel",
  "Zoe",
  "Adam",
  "Nora",
  "Gabriel",
  "Alba",
  "Oscar",
  "Julia",
  "Martin",
  "Elena",
  "Pablo",
  "Grace",
  "Marco",
  "Ines",
  "Jonas",
  "Lena",
  "Tomas",
  "Clara",
  "Arthur",
  "Maya",
  "Ivan",
  "Sara",
  "Felix",
];
const lastNames = [
  "Vega",
  "Garcia",
  "Smith",
  "Johnson",
  "Martinez",
  "Brown",
  "Lopez",
  "Wilson",
  "Moreno",
  "Taylor",
  "Navarro",
  "Anderson",
  "Romero",
  "Thomas",
  "Torres",
  "Moore",
  "Ramos",
  "Jackson",
  "Gil",
  "White",
  "Serrano",
  "Harris",
  "Molina",
  "Martin",
  "Castro",
  "Thompson",
  "Ortiz",
  "Clark",
  "Rubio",
  "Lewis",
  "Marin",
  "Walker",
  "Sanz",
  "Hall",
  "Iglesias",
  "Young",
  "Nunez",
  "King",
  "Medina",
  "Wright",
  "Garrido",
  "Scott",
  "Cortes",
  "Green",
  "Santos",
  "Baker",
  "Lozano",
  "Adams",
  "Guerrero",
  "Nelson",
  "Cano",
  "Hill",
  "Prieto",
  "Campbell",
  "Mendez",
  "Mitchell",
  "Cruz",
  "Roberts",
  "Calvo",
  "Carter",
];
const feedbackLines = [
  "Great kicking today, keep the legs long.",
  "Floated on her back for ten seconds without help!",
  "Worked on breathing to the side; much calmer in the water.",
  "First full width of freestyle. Very proud.",
  "Practised safe entries and exits from the pool edge.",
  "Tired today; we played games and kept it light.",
  "Good streamline push-offs. Next: arms in time with breathing.",
];

/** A small deterministic generator, so two runs with the same counts make the same kind of data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

type Row<T extends keyof Database> = Insertable<Database[T]>;

async function insertInChunks<T extends keyof Database>(trx: Db, table: T, rows: Row<T>[]): Promise<void> {
  // 500 rows of up to 15 columns stay under both engines' limit on bound parameters.
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + 500) as never)
      .execute();
  }
}

async function nextId(trx: Db, table: "subscriptionPlan" | "booking"): Promise<number> {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export async function seed(
  db: Db,
  options: { clients: number; bookings: number; passwordHash: string; timeZone: string; now: Date },
): Promise<{ clients: number; plans: number; bookings: number; lessons: number }> {
  const next = random(options.clients * 31 + options.bookings);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const nowIso = options.now.toISOString();
  const today = dayInZone(options.now, options.timeZone);
  // Tells this run's ids and addresses from an earlier run's.
  const run = randomBytes(4).toString("hex");

  return db.transaction().execute(async (trx) => {
    const users: Row<"user">[] = [];
    const accounts: Row<"account">[] = [];
    const clients: Row<"client">[] = [];
    const plans: Row<"subscriptionPlan">[] = [];
    const bookings: Row<"booking">[] = [];
    const lessons: Row<"lesson">[] = [];
    let planId = await nextId(trx, "subscriptionPlan");
    let bookingId = await nextId(trx, "booking");

    const clientIds: string[] = [];
    // Each client's first class: from about four months ago to a month ahead.
    const firstClassOf = new Map<string, string>();
    const activePlanOf = new Map<string, { id: number; total: number; subscriptionId: string }>();
    for (let i = 0; i < options.clients; i++) {
      const id = `seed${run}${i.toString(36)}`;
      const firstName = pick(firstNames);
      const lastName = pick(lastNames);
      const email = `${firstName}.${lastName}.${i}.${run}@demo.example`.toLowerCase();
      const pack = pick(packCatalogue);
      const joined = new Date(options.now.getTime() - Math.floor(next() * 400) * 86_400_000).toISOString();
      clientIds.push(id);
      const firstClass = addDays(today, Math.floor(next() * 150) - 120);
      firstClassOf.set(id, firstClass);
      users.push({
        id,
        name: `${firstName} ${lastName}`,
        email,
        emailVerified: 0,
        image: null,
        createdAt: joined,
        updatedAt: joined,
        role: "user",
        banned: 0,
        banReason: null,
        banExpires: null,
        mustChangePassword: 0,
      });
      accounts.push({
        id: `${id}a`,
        accountId: id,
        providerId: "credential",
        userId: id,
        password: options.passwordHash,
        createdAt: joined,
        updatedAt: joined,
      });
      clients.push({
        id,
        firstName,
        lastName,
        email,
        phoneNumber: `+1555${String(1_000_000 + i).slice(-7)}`,
        createdAt: joined,
        role: "client",
        defaultPackType: pack.type,
        firstNameSearch: searchKey(firstName),
        lastNameSearch: searchKey(lastName),
      });
      if (next() < 0.7) {
        const subscriptionId = `sub_seed_${id}`;
        // Bought a few days before the first class.
        const started = addDays(firstClass, -1 - Math.floor(next() * 7));
        activePlanOf.set(id, { id: planId, total: pack.classes, subscriptionId });
        plans.push({
          id: planId++,
          clientId: id,
          isActive: 1,
          totalClasses: pack.classes,
          usedClasses: 0,
          packType: pack.type,
          subscriptionId,
          provider: "local",
          periodStartedAt: `${started}T09:00:00.000Z`,
          endedAt: null,
          createdAt: `${started}T09:00:00.000Z`,
        });
      }
    }

    // Bookings: the first of a client with an active plan books that plan; the others book an ended one of their own.
    const datesOf = new Map<string, number>();
    for (let j = 0; j < options.bookings && clientIds.length > 0; j++) {
      const clientId = clientIds[j % clientIds.length] as string;
      const active = j < clientIds.length ? activePlanOf.get(clientId) : undefined;
      const total = active?.total ?? 4;
      const count = 1 + Math.floor(next() * Math.min(4, total));
      let plan = active;
      if (!plan) {
        plan = { id: planId++, total, subscriptionId: `sub_seed_${clientId}_${j}` };
        const started = addDays(today, -200 - Math.floor(next() * 200));
        plans.push({
          id: plan.id,
          clientId,
          isActive: 0,
          totalClasses: total,
          usedClasses: 0,
          packType: "4_60",
          subscriptionId: plan.subscriptionId,
          provider: "local",
          periodStartedAt: `${started}T09:00:00.000Z`,
          endedAt: nowIso,
          createdAt: `${started}T09:00:00.000Z`,
        });
      }
      // One date a week per client from its first class on: never twice the same day for a client.
      const already = datesOf.get(clientId) ?? 0;
      datesOf.set(clientId, already + count);
      const dates = Array.from({ length: count }, (_, k) =>
        addDays(firstClassOf.get(clientId) as string, (already + k) * 7),
      );
      const id = bookingId++;
      bookings.push({
        id,
        clientId,
        planId: plan.id,
        subscriptionId: plan.subscriptionId,
        title: bookingTitle(count),
        status: active ? "pending" : "cancelled",
        paid: 1,
        classCount: count,
        amountToPay: amountToPay(count),
        firstDate: dates[0] ?? null,
        createdAt: nowIso,
        updatedAt: nowIso,
      });
      for (const date of dates) {
        const past = date < today;
        const feedback = past && next() < 0.7 ? pick(feedbackLines) : null;
        lessons.push({
          bookingId: id,
          clientId,
          planId: plan.id,
          date,
          feedback,
          feedbackUpdatedAt: feedback ? nowIso : null,
          reminderQueuedAt: past ? nowIso : null,
        });
      }
    }

    await insertInChunks(trx, "user", users);
    await insertInChunks(trx, "account", accounts);
    await insertInChunks(trx, "client", clients);
    await insertInChunks(trx, "subscriptionPlan", plans);
    await insertInChunks(trx, "booking", bookings);
    await insertInChunks(trx, "lesson", lessons);
    if (isPostgres(trx)) {
      // Explicit ids do not move PostgreSQL's identity sequences: move them past the rows written here.
      for (const table of ["subscriptionPlan", "booking"]) {
        await sql`select setval(pg_get_serial_sequence(${`"${table}"`}, 'id'), (select max("id") from ${sql.table(table)}))`.execute(
          trx,
        );
      }
      // Table statistics now, not at autovacuum's next round: the planner then reads the new rows by their indexes.
      await sql`analyze`.execute(trx);
      // Rows written in bulk wait in the GIN indexes' pending lists, which every search reads until a vacuum merges them.
      await sql`select gin_clean_pending_list(index.indexrelid::regclass)
        from pg_index as index join pg_class on pg_class.oid = index.indexrelid join pg_am on pg_am.oid = pg_class.relam
        where pg_am.amname = 'gin' and pg_class.relnamespace = current_schema()::regnamespace`.execute(trx);
    }
    return {
      clients: clients.length,
      plans: plans.length,
      bookings: bookings.length,
      lessons: lessons.length,
    };
  });
}

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      clients: { type: "string" },
      bookings: { type: "string" },
      password: { type: "string", default: "demo-password-1" },
    },
  });
  const count = (name: string, value: string | undefined, fallback: number) => {
    const n = value === undefined ? fallback : Number(value);
    if (!Number.isInteger(n) || n < 0 || n > 1_000_000)
      throw new Error(`--${name} must be a whole number up to 1000000`);
    return n;
  };
  const clients = count("clients", values.clients, 50);
  return { clients, bookings: count("bookings", values.bookings, clients), password: values.password };
}

async function main(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 1;
  }
  const config = configOrExplain();
  if (!config) return 1;
  if (args.password.length < 8) {
    console.error("--password must be at least 8 characters");
    return 1;
  }
  const db = openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: sqliteFileIn(config.DATA_DIR),
  });
  try {
    await migrateToLatest(db);
    const { auth } = wire(config, db, { log: silentLog });
    const passwordHash = await (await auth.$context).password.hash(args.password);
    const started = performance.now();
    const made = await seed(db, { ...args, passwordHash, timeZone: config.TZ_SCHOOL, now: new Date() });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${made.clients} clients, ${made.plans} plans, ${made.bookings} bookings (${made.lessons} class dates) in ${seconds} s. Clients sign in with the password "${args.password}".`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

// Run from the command line; imported (by its test), it only exports `seed`.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  process.exitCode = await main(process.argv.slice(2));
}
