/**
 * Believable demo data, fast, on the database the server uses (DATABASE_URL, else SQLite under DATA_DIR):
 *
 *   npm run seed -- --clients 1000 --bookings 1000 [--password 'demo-password-1']
 *
 * Every client can sign in with that password (no first-sign-in change asked). About 7 in 10 clients have an
 * active plan; each booking books 1 to 4 dates, a week apart, from half a year ago to a few months ahead, and most
 * past dates carry feedback; about 1 in 5 clients has a video in the gallery, and there is a newsletter subscriber for
 * about every 4 clients. The rows are the test factories' (test/support/factories.ts), written by their bulk
 * `seed`: 100,000 clients and 100,000 bookings take seconds. Run it on an empty database or beside existing data:
 * it only adds.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  type Assessment,
  activeLevels,
  certificateNumberOf,
  linksOf,
  passesLevel,
  reportCardOf,
} from "../src/domain/curriculum.ts";
import { packCatalogue } from "../src/domain/pack-catalogue.ts";
import { addDays, dayInZone } from "../src/domain/school-day.ts";
import { curriculumOf, lastCertificateSequence, readScales } from "../src/server/curriculum/service.ts";
import { type Db, migrateToLatest, openDatabase, sqliteFileIn } from "../src/server/db/database.ts";
import { silentLog } from "../src/server/http/log.ts";
import { wire } from "../src/server/wiring.ts";
import {
  type NewAssessment,
  type NewClient,
  type NewGalleryItem,
  type NewGuardian,
  type NewLesson,
  type NewLevelResult,
  type NewPlan,
  type NewSubscriber,
  type NewSwimmer,
  passwordHashOf,
  type SeedBooking,
  type SeedData,
  seed,
  seedProgress,
} from "../test/support/factories.ts";
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

/** What a family tells the instructor about a child. */
const swimmerNotes = [
  "Nervous about putting her face in the water.",
  "Asthma: inhaler in the bag by the pool.",
  "Loves jumping in; needs reminding to wait.",
  "Wears ear plugs after grommets.",
];

/** A small deterministic generator, so two runs with the same counts make the same kind of data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * What the demo school looks like, for the factories' bulk `seed` to write: `clients` clients, about 7 in 10 with
 * an active plan, and `bookings` bookings of 1 to 4 dates a week apart. Each client's first booking books its
 * active plan; the others book an ended plan of their own.
 */
export interface DemoOptions {
  clients: number;
  bookings: number;
  /**
   * Default true: about 3 in 10 households also have one or two children who swim (their classes then have the
   * children, one or both), and about 1 in 5 a second guardian. False: one person per client, as before families
   * existed (the migration tests' older school).
   */
  families?: boolean;
  /** better-auth's hash of the one password every demo client signs in with. */
  passwordHash: string;
  timeZone: string;
  now: Date;
}

export function demoData(options: DemoOptions): Required<SeedData> {
  const next = random(options.clients * 31 + options.bookings);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const nowIso = options.now.toISOString();
  const today = dayInZone(options.now, options.timeZone);
  // Tells this run's ids and addresses from an earlier run's.
  const run = randomBytes(4).toString("hex");

  const clients: NewClient[] = [];
  const swimmers: NewSwimmer[] = [];
  const guardians: NewGuardian[] = [];
  /** A household's children, who swim in its classes instead of the account holder. */
  const childrenOf = new Map<string, string[]>();
  const plans: NewPlan[] = [];
  const bookings: SeedBooking[] = [];
  const galleryItems: NewGalleryItem[] = [];
  const subscribers: NewSubscriber[] = [];
  // Each client's first class: from about four months ago to a month ahead.
  const firstClassOf = new Map<string, string>();
  const activePlanOf = new Map<string, { plan: NewPlan; classes: number }>();
  for (let i = 0; i < options.clients; i++) {
    const id = `seed${run}${i.toString(36)}`;
    const firstName = pick(firstNames);
    const lastName = pick(lastNames);
    const pack = pick(packCatalogue);
    clients.push({
      id,
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${i}.${run}@demo.example`,
      phoneNumber: `+1555${String(1_000_000 + i).slice(-7)}`,
      defaultPackType: pack.type,
      passwordHash: options.passwordHash,
      createdAt: new Date(options.now.getTime() - Math.floor(next() * 400) * 86_400_000).toISOString(),
    });
    if (options.families !== false && next() < 0.3) {
      const children = Array.from({ length: next() < 0.6 ? 1 : 2 }, (_, k) => ({
        id: `${id}-c${k}`,
        clientId: id,
        firstName: pick(firstNames),
        lastName,
        birthDate: `${2016 + Math.floor(next() * 8)}-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`,
        notes: next() < 0.3 ? pick(swimmerNotes) : "",
        createdAt: nowIso,
      }));
      swimmers.push(...children);
      childrenOf.set(
        id,
        children.map((child) => child.id),
      );
    }
    if (options.families !== false && next() < 0.2) {
      guardians.push({
        id: `${id}-g`,
        clientId: id,
        name: `${pick(firstNames)} ${lastName}`,
        email: `guardian.${i}.${run}@demo.example`,
        passwordHash: options.passwordHash,
        permissions: next() < 0.5 ? {} : { book: false, pay: false },
        createdAt: nowIso,
      });
    }
    const firstClass = addDays(today, Math.floor(next() * 150) - 120);
    firstClassOf.set(id, firstClass);
    // A video link needs no file in the media store (a picture would).
    if (next() < 0.2 && firstClass < today) {
      galleryItems.push({ clientId: id, mediaType: "video", date: firstClass, uploadedAt: nowIso });
    }
    if (next() < 0.25) {
      const status = next() < 0.8 ? "confirmed" : next() < 0.5 ? "pending" : "unsubscribed";
      subscribers.push({ email: `reader.${i}.${run}@demo.example`, status, createdAt: nowIso });
    }
    if (next() < 0.7) {
      // Bought a few days before the first class.
      const started = addDays(firstClass, -1 - Math.floor(next() * 7));
      const plan: NewPlan = {
        clientId: id,
        packType: pack.type,
        subscriptionId: `sub_seed_${id}`,
        createdAt: `${started}T09:00:00.000Z`,
      };
      activePlanOf.set(id, { plan, classes: pack.classes });
      plans.push(plan);
    }
  }

  const datesOf = new Map<string, number>();
  for (let j = 0; j < options.bookings && clients.length > 0; j++) {
    const clientId = (clients[j % clients.length] as NewClient).id as string;
    const active = j < clients.length ? activePlanOf.get(clientId) : undefined;
    const count = 1 + Math.floor(next() * Math.min(4, active?.classes ?? 4));
    let plan = active?.plan;
    if (!plan) {
      const started = addDays(today, -200 - Math.floor(next() * 200));
      plan = {
        clientId,
        packType: "4_60",
        isActive: false,
        subscriptionId: `sub_seed_${clientId}_${j}`,
        createdAt: `${started}T09:00:00.000Z`,
        endedAt: nowIso,
      };
      plans.push(plan);
    }
    // One date a week per client from its first class on: never twice the same day for a client.
    const already = datesOf.get(clientId) ?? 0;
    datesOf.set(clientId, already + count);
    const children = childrenOf.get(clientId);
    const dates = Array.from({ length: count }, (_, k): NewLesson => {
      const date = addDays(firstClassOf.get(clientId) as string, (already + k) * 7);
      const past = date < today;
      // A family's classes: both children, or one of them.
      const swimming = children && (children.length === 1 || next() < 0.6 ? children : [pick(children)]);
      if (swimming) {
        const swimmers = swimming.map((id) =>
          past && next() < 0.7 ? { id, feedback: pick(feedbackLines) } : { id },
        );
        return past ? { date, reminderQueuedAt: nowIso, swimmers } : { date, swimmers };
      }
      if (!past) return { date };
      // Past: reminded, and most of them have feedback.
      return next() < 0.7
        ? { date, reminderQueuedAt: nowIso, feedback: pick(feedbackLines) }
        : { date, reminderQueuedAt: nowIso };
    });
    bookings.push({
      clientId,
      plan,
      dates,
      status: active ? "pending" : "cancelled",
      createdAt: nowIso,
    });
  }
  return { clients, swimmers, guardians, plans, bookings, milestones: [], galleryItems, subscribers };
}

const assessmentNotes = [
  "Much calmer this week.",
  "Did it twice on her own.",
  "Needs a reminder to keep the chin down.",
  "Ready to try it without the float next time.",
];

/**
 * Believable progress for the swimmers who had classes and no assessment yet (issue 28): in each past class the
 * instructor rates two to four skills of the swimmer's current level: first seen anywhere from "introduced" to
 * "mastered" (some children can already do it), then a step up the scale most of the time (now and then a step
 * back, as real lessons go); when every required skill is mastered the swimmer passes (the one
 * rule, domain/curriculum.ts), the report card is written as it stood then, published, and the next level starts.
 * Children start at Water babies when born in the last three years, else at Stage 1; a guardian who swims takes the
 * Adults level. Reads the curriculum and scale the database has (the starter one unless edited).
 */
export async function demoProgress(
  db: Db,
  options: { now: Date; timeZone: string },
): Promise<{ assessments: NewAssessment[]; levelResults: NewLevelResult[] }> {
  const curriculum = await curriculumOf(db);
  const scales = await readScales(db);
  const ratings = [...curriculum.scale.ratings].sort((a, b) => a.position - b.position);
  const levels = activeLevels(curriculum);
  const adults = levels.find((level) => level.name === "Adults") ?? levels[levels.length - 1];
  const childLevels = levels.filter((level) => level !== adults);
  const today = dayInZone(options.now, options.timeZone);
  const classes = await db
    .selectFrom("lessonSwimmer")
    .innerJoin("lesson", "lesson.id", "lessonSwimmer.lessonId")
    .innerJoin("swimmer", "swimmer.id", "lessonSwimmer.swimmerId")
    .select([
      "lessonSwimmer.swimmerId",
      "lesson.id as lessonId",
      "lesson.date",
      "lesson.startTime",
      "lesson.instructorId",
      "swimmer.birthDate",
      "swimmer.userId",
    ])
    .where("lesson.date", "<", today)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("assessment")
            .select("assessment.id")
            .whereRef("assessment.swimmerId", "=", "lessonSwimmer.swimmerId"),
        ),
      ),
    )
    .orderBy("lessonSwimmer.swimmerId")
    .orderBy("lesson.date")
    .execute();
  const next = random(classes.length * 7 + 1);
  let certificate = await lastCertificateSequence(db);
  const assessments: (NewAssessment & Assessment)[] = [];
  const levelResults: NewLevelResult[] = [];
  const bySwimmer = new Map<string, typeof classes>();
  for (const row of classes) {
    const list = bySwimmer.get(row.swimmerId);
    if (list) list.push(row);
    else bySwimmer.set(row.swimmerId, [row]);
  }
  const babyCutoff = `${Number(today.slice(0, 4)) - 3}${today.slice(4)}`;
  for (const [swimmerId, lessons] of bySwimmer) {
    const first = lessons[0];
    if (!first || !adults) continue;
    const path =
      first.userId !== null
        ? [adults]
        : childLevels.slice(first.birthDate !== null && first.birthDate >= babyCutoff ? 0 : 1);
    let levelIndex = 0;
    const mine: Assessment[] = [];
    const step = new Map<number, number>();
    for (const lesson of lessons) {
      const level = path[levelIndex];
      if (!level) break;
      const at = `${lesson.date}T${lesson.startTime ?? "10:00"}:00.000Z`;
      const open = linksOf(curriculum, level.id).filter(
        (link) => (step.get(link.skillId) ?? -1) < ratings.length - 1,
      );
      const rated = open.sort(() => next() - 0.5).slice(0, 2 + Math.floor(next() * 3));
      for (const link of rated) {
        const was = step.get(link.skillId);
        // First seen: anywhere from "introduced" to "mastered" (some children can already do it); then mostly up.
        const now =
          was === undefined
            ? 1 + Math.floor(next() * (ratings.length - 1))
            : Math.max(0, Math.min(ratings.length - 1, was + (next() < 0.85 ? 1 : -1)));
        step.set(link.skillId, now);
        const rating = ratings[now];
        if (!rating) continue;
        const assessment = {
          id: assessments.length + 1,
          swimmerId,
          skillId: link.skillId,
          ratingId: rating.id,
          scaleVersion: curriculum.scale.version,
          lessonId: lesson.lessonId,
          byUserId: lesson.instructorId,
          at,
          note: next() < 0.15 ? pick(next, assessmentNotes) : "",
        };
        assessments.push(assessment);
        mine.push(assessment);
      }
      if (passesLevel(curriculum, level.id, swimmerId, mine, scales)) {
        certificate++;
        levelResults.push({
          swimmerId,
          levelId: level.id,
          passedAt: at,
          reportCard: reportCardOf(curriculum, level.id, swimmerId, mine, scales, at),
          certificateNumber: certificateNumberOf(at, certificate),
          publishedAt: at,
        });
        levelIndex++;
      }
    }
  }
  return { assessments, levelResults };
}

const pick = <T>(next: () => number, list: readonly T[]) => list[Math.floor(next() * list.length)] as T;

/**
 * Writes the demo school beside what the database holds (`npm run seed`, the bench, the soak): households, plans and
 * bookings, then the progress of the swimmers who had classes.
 */
export async function seedDemo(db: Db, options: DemoOptions) {
  const made = await seed(db, demoData(options));
  const progress = await seedProgress(db, await demoProgress(db, options));
  return { ...made, ...progress };
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
    const passwordHash = await passwordHashOf(auth, args.password);
    const started = performance.now();
    const made = await seedDemo(db, { ...args, passwordHash, timeZone: config.TZ_SCHOOL, now: new Date() });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${made.clients} households (${made.swimmers} more swimmers, ${made.guardians} second guardians), ${made.plans} plans, ${made.bookings} bookings (${made.lessons} class dates), ${made.galleryItems} gallery videos, ${made.subscribers} newsletter subscribers, ${made.assessments} skill assessments and ${made.levelResults} levels passed in ${seconds} s. Clients sign in with the password "${args.password}".`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

// Run from the command line; imported (by its test, the bench and the soak), it only exports `seedDemo` and `demoData`.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  process.exitCode = await main(process.argv.slice(2));
}
