import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  signedInAdmin,
  signedInClient,
  signedInInstructor,
  signIn,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import { addSwimmer, createBooking } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type { ClientBookingsResponse } from "../../domain/bookings.ts";
import type { ErrorBody } from "../../domain/error-codes.ts";
import type { GalleryItem, MediaPage } from "../../domain/media.ts";
import type {
  Attendance,
  LessonRecordResponse,
  TodayQueueKeyResponse,
  TodayResponse,
} from "../../domain/today.ts";
import type { LessonRecordInput } from "../../domain/today-schemas.ts";
import type { Db } from "../db/database.ts";

/**
 * /today (issue 27) through the real app: an instructor's day, and one save per lesson written once under its
 * idempotency key, with its photos through the media pipeline into the family's gallery. The school's today is
 * 2 March 2026 (the test clock, Europe/Madrid). On SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let dataDir: string;
let t: TestApp;
let owner: TestAccount;
let i1: TestAccount;
let i2: TestAccount;

const today = "2026-03-02";

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  dataDir = await mkdtemp(join(tmpdir(), "today-test-"));
  t = buildTestApp(db, { env: { DATA_DIR: dataDir, TZ_SCHOOL: "Europe/Madrid" } });
  owner = await signedInAdmin(t);
  i1 = await signedInInstructor(t, { name: "Ivy One" });
  i2 = await signedInInstructor(t, { name: "Ian Two" });
});
afterAll(async () => {
  await testDb.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A JPEG with GPS EXIF and Orientation 6 (media/fixtures/README.md). */
const gpsJpeg = readFileSync(new URL("../media/fixtures/gps-rotated.jpg", import.meta.url));

interface Family {
  guardian: TestAccount;
  /** Two children: Leo may be photographed, Mia may not. */
  leo: string;
  mia: string;
}

let families = 0;
async function family(): Promise<Family> {
  families += 1;
  const guardian = await signedInClient(t, { firstName: "Ana", lastName: `Ruiz${families}` });
  await db
    .updateTable("client")
    .set({ address: "12 Pool Lane", accessNotes: "Gate code 4321" })
    .where("id", "=", guardian.id)
    .execute();
  const leo = await addSwimmer(db, {
    clientId: guardian.id,
    firstName: "Leo",
    notes: "Afraid of the deep end",
  });
  const mia = await addSwimmer(db, { clientId: guardian.id, firstName: "Mia", photoPermission: false });
  return { guardian, leo, mia };
}

/** A lesson of the family's two children, taught by `instructor`. */
async function lesson(
  f: Family,
  instructor: TestAccount,
  date = today,
  startTime: string | null = "10:30",
): Promise<number> {
  const booking = await createBooking(db, {
    clientId: f.guardian.id,
    dates: [
      {
        date,
        startTime: startTime ?? undefined,
        instructorId: instructor.id,
        swimmers: [{ id: f.leo }, { id: f.mia }],
      },
    ],
  });
  return booking.lessonIds[date] as number;
}

const newKey = () => `save-${randomUUID()}`;

function save(
  lessonId: number,
  record: unknown,
  options: { cookie?: string; key?: string | null; photos?: Record<string, Uint8Array> } = {},
) {
  const body = new FormData();
  body.append("record", typeof record === "string" ? record : JSON.stringify(record));
  for (const [swimmerId, bytes] of Object.entries(options.photos ?? {})) {
    body.append(`photo:${swimmerId}`, new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "photo.jpg");
  }
  const headers: Record<string, string> = { "x-forwarded-for": "198.51.100.1" };
  if (options.cookie !== undefined) headers.cookie = options.cookie;
  const key = options.key === undefined ? newKey() : options.key;
  if (key !== null) headers["Idempotency-Key"] = key;
  return t.app.request(`/api/lessons/${lessonId}/record`, { method: "POST", headers, body });
}

const record = (
  f: Family,
  entries: { leo?: [Attendance | null, string]; mia?: [Attendance | null, string] },
  seen: { date?: string; startTime?: string | null } = {},
): Omit<LessonRecordInput, "assessments"> => ({
  date: seen.date ?? today,
  startTime: seen.startTime === undefined ? "10:30" : seen.startTime,
  swimmers: [
    ...(entries.leo ? [{ swimmerId: f.leo, attendance: entries.leo[0], feedback: entries.leo[1] }] : []),
    ...(entries.mia ? [{ swimmerId: f.mia, attendance: entries.mia[0], feedback: entries.mia[1] }] : []),
  ],
});

async function dayOf(account: TestAccount, query = `date=${today}`): Promise<TodayResponse> {
  const response = await call(t, "GET", `/api/today?${query}`, { cookie: account.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as TodayResponse;
}

/** What the lesson's rows hold now: each swimmer's attendance and feedback, its photos, the saves remembered. */
async function written(lessonId: number) {
  const swimmers = await db
    .selectFrom("lessonSwimmer")
    .select(["swimmerId", "attendance", "feedback"])
    .where("lessonId", "=", lessonId)
    .orderBy("swimmerId")
    .execute();
  const photos = await db
    .selectFrom("galleryItem")
    .select(["id", "swimmerId"])
    .where("lessonId", "=", lessonId)
    .execute();
  const saves = await db
    .selectFrom("lessonRecordKey")
    .select("key")
    .where("lessonId", "=", lessonId)
    .execute();
  return { swimmers, photos: photos.length, saves: saves.length };
}

const nothingRecorded = (f: Family) => ({
  swimmers: [
    { swimmerId: f.leo, attendance: null, feedback: null },
    { swimmerId: f.mia, attendance: null, feedback: null },
  ].sort((a, b) => a.swimmerId.localeCompare(b.swimmerId)),
  photos: 0,
  saves: 0,
});

/** Every file the media store holds, as paths under its folder. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(join(dataDir, "media"), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

async function feedbackMailsTo(email: string): Promise<number> {
  const rows = await db.selectFrom("mailOutbox").select("id").where("toAddress", "=", email).execute();
  return rows.length;
}

describe("GET /api/today", () => {
  it("gives an instructor their lessons of the day in time order, time to be set last, with what the pool needs", async () => {
    const late = await family();
    const early = await family();
    const untimed = await family();
    const lateId = await lesson(late, i1, today, "16:00");
    const earlyId = await lesson(early, i1, today, "09:15");
    const untimedId = await lesson(untimed, i1, today, null);
    await lesson(await family(), i2, today, "11:00");

    const day = await dayOf(i1);
    expect(day.instructor).toEqual({ id: i1.id, name: "Ivy One" });
    expect(day.instructors).toBeNull();
    const mine = day.lessons.filter((each) => [lateId, earlyId, untimedId].includes(each.id));
    expect(mine.map((each) => [each.id, each.startTime])).toEqual([
      [earlyId, "09:15"],
      [lateId, "16:00"],
      [untimedId, null],
    ]);
    expect(day.lessons.every((each) => [lateId, earlyId, untimedId].includes(each.id))).toBe(true);
    const first = mine[0];
    expect(first).toMatchObject({
      date: today,
      householdName: `Ana ${"Ruiz"}${families - 2}`,
      address: "12 Pool Lane",
      accessNotes: "Gate code 4321",
      recorded: false,
    });
    expect(
      first?.swimmers.map((swimmer) => [swimmer.firstName, swimmer.notes, swimmer.photoPermission]),
    ).toEqual([
      ["Leo", "Afraid of the deep end", true],
      ["Mia", "", false],
    ]);
  });

  it("refuses an instructor another's day, and lets the owner switch to anyone's with the list of instructors", async () => {
    const f = await family();
    const id = await lesson(f, i2, "2026-03-05");
    const refused = await call(t, "GET", `/api/today?date=2026-03-05&instructorId=${i2.id}`, {
      cookie: i1.cookie,
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("permission-denied");

    const ownersView = await dayOf(owner, `date=2026-03-05&instructorId=${i2.id}`);
    expect(ownersView.instructor).toEqual({ id: i2.id, name: "Ian Two" });
    expect(ownersView.lessons.map((each) => each.id)).toEqual([id]);
    expect(ownersView.instructors?.map((each) => each.id)).toEqual(
      expect.arrayContaining([owner.id, i1.id, i2.id]),
    );
    // The owner's own day by default.
    expect((await dayOf(owner, "date=2026-03-05")).instructor.id).toBe(owner.id);
  });

  it("lists an instructor's past lessons still unrecorded, newest first, at most 20", async () => {
    const instructor = await signedInInstructor(t, { name: "Una Recorded" });
    const f = await family();
    const past = Array.from({ length: 22 }, (_, i) => `2026-02-${String(i + 1).padStart(2, "0")}`);
    const booking = await createBooking(db, {
      clientId: f.guardian.id,
      dates: [...past, today].map((date) => ({
        date,
        instructorId: instructor.id,
        swimmers: [{ id: f.leo }, { id: f.mia }],
      })),
    });
    // 22 February: fully recorded; 21 February: one of two swimmers only (still unrecorded).
    for (const [date, swimmers] of [
      ["2026-02-22", [f.leo, f.mia]],
      ["2026-02-21", [f.leo]],
    ] as const) {
      await db
        .updateTable("lessonSwimmer")
        .set({ attendance: "present" })
        .where("lessonId", "=", booking.lessonIds[date] as number)
        .where("swimmerId", "in", [...swimmers])
        .execute();
    }
    const day = await dayOf(instructor);
    expect(day.unrecorded.map((each) => each.date)).toEqual(past.slice(0, 21).reverse().slice(0, 20));
    expect(day.unrecorded[0]).toEqual({
      lessonId: booking.lessonIds["2026-02-21"],
      date: "2026-02-21",
      startTime: null,
      householdName: `Ana Ruiz${families}`,
    });
    // Another instructor's list is theirs alone.
    expect((await dayOf(i2)).unrecorded.some((each) => each.householdName === `Ana Ruiz${families}`)).toBe(
      false,
    );
  });

  it("refuses a visitor and a client", async () => {
    expect((await call(t, "GET", "/api/today")).status).toBe(401);
    const f = await family();
    expect((await call(t, "GET", "/api/today", { cookie: f.guardian.cookie })).status).toBe(403);
  });
});

describe("POST /api/lessons/:lessonId/record", () => {
  it("writes attendance and feedback for two swimmers and a photo, stripped of its GPS, that the family sees in its gallery", async () => {
    const f = await family();
    const id = await lesson(f, i1);
    const response = await save(
      id,
      record(f, { leo: ["present", "Floated on his back alone!"], mia: ["late", "Kicked well."] }),
      { cookie: i1.cookie, photos: { [f.leo]: gpsJpeg } },
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as LessonRecordResponse;
    expect(answer.message).toBe("Lesson saved.");
    expect(answer.lesson.recorded).toBe(true);
    const [leo, mia] = answer.lesson.swimmers;
    expect([leo?.attendance, leo?.feedback, mia?.attendance, mia?.feedback]).toEqual([
      "present",
      "Floated on his back alone!",
      "late",
      "Kicked well.",
    ]);
    expect(mia?.photo).toBeNull();

    // The instructor sees the photo, upright and without EXIF (so without GPS).
    const photo = await call(t, "GET", leo?.photo?.fullUrl ?? "", { cookie: i1.cookie });
    expect(photo.status).toBe(200);
    const stored = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect(stored.exif).toBeUndefined();
    const original = await sharp(gpsJpeg).metadata();
    expect([stored.width, stored.height]).toEqual([original.height, original.width]);
    // Another instructor does not.
    expect((await call(t, "GET", leo?.photo?.thumbnailUrl ?? "", { cookie: i2.cookie })).status).toBe(403);

    // The family's gallery lists it on the lesson's date, as Leo's, and serves it.
    const gallery = await call(t, "GET", `/api/clients/${f.guardian.id}/gallery`, {
      cookie: f.guardian.cookie,
    });
    const items = ((await gallery.json()) as MediaPage<GalleryItem>).items;
    expect(items.map((item) => [item.date, item.swimmerId, item.mediaType])).toEqual([
      [today, f.leo, "image"],
    ]);
    expect((await call(t, "GET", items[0]?.imageUrl ?? "", { cookie: f.guardian.cookie })).status).toBe(200);

    // The family reads each child's feedback on View Feedback.
    const feedback = await call(t, "GET", `/api/clients/${f.guardian.id}/bookings`, {
      cookie: f.guardian.cookie,
    });
    const dates = ((await feedback.json()) as ClientBookingsResponse).bookings.flatMap(
      (booking) => booking.dates,
    );
    expect(dates.find((each) => each.date === today)?.swimmers.map((swimmer) => swimmer.feedback)).toEqual([
      "Floated on his back alone!",
      "Kicked well.",
    ]);

    // /today shows the lesson as recorded, and the family was mailed the feedback once.
    const again = (await dayOf(i1)).lessons.find((each) => each.id === id);
    expect(again).toEqual(answer.lesson);
    expect(await feedbackMailsTo(f.guardian.email)).toBe(1);
  });

  it("writes a save sent twice with one key once, and answers the second as the first", async () => {
    const f = await family();
    const id = await lesson(f, i1);
    const key = newKey();
    const body = record(f, { leo: ["present", "Great."] });
    const first = await save(id, body, { cookie: i1.cookie, key, photos: { [f.leo]: gpsJpeg } });
    expect(first.status).toBe(200);
    const filesAfterFirst = (await storedFiles()).length;
    const second = await save(id, body, { cookie: i1.cookie, key, photos: { [f.leo]: gpsJpeg } });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect(await written(id)).toMatchObject({ photos: 1, saves: 1 });
    expect(await feedbackMailsTo(f.guardian.email)).toBe(1);
    expect((await storedFiles()).length).toBe(filesAfterFirst);
  });

  it("writes a save sent twice at once with one key once", async () => {
    const f = await family();
    const id = await lesson(f, i1);
    const key = newKey();
    const body = record(f, { leo: ["present", "Great."], mia: ["absent", ""] });
    const filesBefore = (await storedFiles()).length;
    const answers = await Promise.all([
      save(id, body, { cookie: i1.cookie, key, photos: { [f.leo]: gpsJpeg } }),
      save(id, body, { cookie: i1.cookie, key, photos: { [f.leo]: gpsJpeg } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(answers.map((answer) => answer.json()));
    expect(a).toEqual(b);
    expect(await written(id)).toMatchObject({ photos: 1, saves: 1 });
    expect(await feedbackMailsTo(f.guardian.email)).toBe(1);
    // The loser's photo files went again: one photo, two files (picture and thumbnail).
    expect((await storedFiles()).length).toBe(filesBefore + 2);
  });

  it("refuses a key another person used (409), and writes nothing", async () => {
    const f = await family();
    const id = await lesson(f, i1);
    const key = newKey();
    expect((await save(id, record(f, { leo: ["present", ""] }), { cookie: i1.cookie, key })).status).toBe(
      200,
    );
    const reused = await save(id, record(f, { leo: ["absent", ""] }), { cookie: owner.cookie, key });
    expect(reused.status).toBe(409);
    expect((await errorOf(reused)).code).toBe("idempotency-key-reused");
    expect((await written(id)).swimmers.find((each) => each.swimmerId === f.leo)?.attendance).toBe("present");
  });

  it("refuses a lesson deleted since the day was loaded (404), and still answers a save it had accepted", async () => {
    const f = await family();
    const id = await lesson(f, i1);
    const acceptedKey = newKey();
    const body = record(f, { leo: ["present", ""] });
    const accepted = await save(id, body, { cookie: i1.cookie, key: acceptedKey });
    await db.deleteFrom("lesson").where("id", "=", id).execute();

    const refused = await save(id, body, { cookie: i1.cookie });
    expect(refused.status).toBe(404);
    const error = await errorOf(refused);
    expect(error.code).toBe("lesson-not-found");
    expect(error.message).toMatch(/no longer on the schedule.*Nothing was saved/);
    // The answer lost on the way is given again.
    const replay = await save(id, body, { cookie: i1.cookie, key: acceptedKey });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(await accepted.json());
  });

  it("refuses a lesson moved to another time or date (409), saying where it is now, and writes nothing", async () => {
    const f = await family();
    const id = await lesson(f, i1);
    await db.updateTable("lesson").set({ startTime: "12:45" }).where("id", "=", id).execute();
    const movedTime = await save(id, record(f, { leo: ["present", "Good."] }), { cookie: i1.cookie });
    expect(movedTime.status).toBe(409);
    const error = await errorOf(movedTime);
    expect(error.code).toBe("lesson-moved");
    expect(error.message).toContain("March 2, 2026");
    expect(error.message).toContain("12:45 PM");

    await db
      .updateTable("lesson")
      .set({ date: "2026-03-09", startTime: "10:30" })
      .where("id", "=", id)
      .execute();
    const movedDay = await save(id, record(f, { leo: ["present", "Good."] }), { cookie: i1.cookie });
    expect(movedDay.status).toBe(409);
    expect((await errorOf(movedDay)).message).toContain("March 9, 2026");
    expect(await written(id)).toEqual(nothingRecorded(f));
  });

  it("refuses a photo of a swimmer whose family has not allowed photos (409), and writes nothing", async () => {
    const f = await family();
    const id = await lesson(f, i1);
    const filesBefore = (await storedFiles()).length;
    const response = await save(id, record(f, { leo: ["present", ""], mia: ["present", ""] }), {
      cookie: i1.cookie,
      photos: { [f.mia]: gpsJpeg },
    });
    expect(response.status).toBe(409);
    const error = await errorOf(response);
    expect(error.code).toBe("photo-not-allowed");
    expect(error.message).toContain("Mia");
    expect(await written(id)).toEqual(nothingRecorded(f));
    expect((await storedFiles()).length).toBe(filesBefore);
  });

  it("refuses feedback for a lesson that has not taken place yet (409), as Add Feedback does", async () => {
    const f = await family();
    const id = await lesson(f, i1, "2026-03-03");
    const response = await save(
      id,
      record(f, { leo: ["present", "Will be great."] }, { date: "2026-03-03" }),
      {
        cookie: i1.cookie,
      },
    );
    expect(response.status).toBe(409);
    const error = await errorOf(response);
    expect(error.code).toBe("upcoming-date");
    expect(error.message).toContain("has not taken place yet");
    expect(await written(id)).toEqual(nothingRecorded(f));
  });

  it("refuses another instructor's lesson (403) and a visitor (401), and writes nothing", async () => {
    const f = await family();
    const id = await lesson(f, i1);
    const body = record(f, { leo: ["present", "Hi"] });
    const other = await save(id, body, { cookie: i2.cookie });
    expect(other.status).toBe(403);
    expect((await errorOf(other)).code).toBe("permission-denied");
    expect((await save(id, body, {})).status).toBe(401);
    expect((await save(id, body, { cookie: f.guardian.cookie })).status).toBe(403);
    expect(await written(id)).toEqual(nothingRecorded(f));
    // The owner may record any lesson.
    expect((await save(id, body, { cookie: owner.cookie })).status).toBe(200);
  });

  it("refuses bad input (400, or 415 for a file that is no picture) and writes nothing", async () => {
    const f = await family();
    const id = await lesson(f, i1);
    const stranger = (await family()).leo;
    const filesBefore = (await storedFiles()).length;
    const cases: [string, Response, number][] = [
      ["no key", await save(id, record(f, { leo: ["present", ""] }), { cookie: i1.cookie, key: null }), 400],
      [
        "short key",
        await save(id, record(f, { leo: ["present", ""] }), { cookie: i1.cookie, key: "abc" }),
        400,
      ],
      ["not JSON", await save(id, "{not json", { cookie: i1.cookie }), 400],
      [
        "bad attendance",
        await save(
          id,
          { ...record(f, {}), swimmers: [{ swimmerId: f.leo, attendance: "sick", feedback: "" }] },
          {
            cookie: i1.cookie,
          },
        ),
        400,
      ],
      [
        "feedback too long",
        await save(id, record(f, { leo: ["present", "x".repeat(2001)] }), { cookie: i1.cookie }),
        400,
      ],
      [
        "a swimmer not in the lesson",
        await save(
          id,
          { ...record(f, {}), swimmers: [{ swimmerId: stranger, attendance: "present", feedback: "" }] },
          {
            cookie: i1.cookie,
          },
        ),
        400,
      ],
      [
        "a photo of a swimmer not in the lesson",
        await save(id, record(f, { leo: ["present", ""] }), {
          cookie: i1.cookie,
          photos: { [stranger]: gpsJpeg },
        }),
        400,
      ],
      [
        "a photo that is no picture",
        await save(id, record(f, { leo: ["present", "Good"] }), {
          cookie: i1.cookie,
          photos: { [f.leo]: new TextEncoder().encode("not a picture at all") },
        }),
        415,
      ],
    ];
    for (const [name, response, status] of cases) {
      expect([name, response.status]).toEqual([name, status]);
      expect((await errorOf(response)).message.length).toBeGreaterThan(5);
    }
    expect(await written(id)).toEqual(nothingRecorded(f));
    expect((await storedFiles()).length).toBe(filesBefore);
  });

  it("clears a recorded attendance and feedback when a later save sends none", async () => {
    const f = await family();
    const id = await lesson(f, i1);
    await save(id, record(f, { leo: ["present", "Nice"], mia: ["absent", ""] }), { cookie: i1.cookie });
    const response = await save(id, record(f, { leo: [null, ""] }), { cookie: i1.cookie });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as LessonRecordResponse;
    expect(answer.lesson.recorded).toBe(false);
    expect((await written(id)).swimmers.map((each) => [each.attendance, each.feedback])).toEqual(
      [f.leo, f.mia].sort().map((swimmer) => (swimmer === f.leo ? [null, null] : ["absent", null])),
    );
  });
});

describe("GET /api/today/queue-key", () => {
  const keyOf = async (account: TestAccount) => {
    const response = await call(t, "GET", "/api/today/queue-key", { cookie: account.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    return (await response.json()) as TodayQueueKeyResponse;
  };

  it("gives each person their own AES-256 key, the same after signing in again", async () => {
    const first = await keyOf(i1);
    expect(first.userId).toBe(i1.id);
    expect(Buffer.from(first.key, "base64url")).toHaveLength(32);
    const again = await signIn(t, i1.email, i1.password);
    expect(await keyOf({ ...i1, cookie: again.cookie })).toEqual(first);
    expect((await keyOf(i2)).key).not.toBe(first.key);
    expect((await call(t, "GET", "/api/today/queue-key")).status).toBe(401);
  });
});
