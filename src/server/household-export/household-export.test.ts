import { createHash } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import {
  call,
  signedInAdmin,
  signedInClient,
  signedInInstructor,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import { addPassedLevel, addSwimmer, createBooking } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type { Db } from "../db/database.ts";

/**
 * One household's data as a ZIP (issue 30): opened here with yauzl (another implementation than the one that writes
 * it), it holds the family's rows, the bytes of its photos and its certificates' PDFs, and nothing of another
 * household; it is the owner's alone, and each download is in the audit log.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let owner: TestAccount;
let instructor: TestAccount;

interface Family {
  guardian: TestAccount;
  swimmerId: string;
  email: string;
  photos: string[];
}
let ana: Family;
let bob: Family;

const jpeg = (red: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: red, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();

async function uploadMilestone(clientId: string, red: number): Promise<string> {
  const form = new FormData();
  form.set("clientId", clientId);
  form.set("file", new Blob([new Uint8Array(await jpeg(red))], { type: "image/jpeg" }), "photo.jpg");
  const response = await t.app.request("/api/media/milestones", {
    method: "POST",
    headers: { cookie: owner.cookie, "x-forwarded-for": "198.51.100.1" },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { milestone: { id: string } }).milestone.id;
}

async function family(firstName: string, lastName: string, red: number, feedback: string): Promise<Family> {
  const guardian = await signedInClient(t, { firstName, lastName });
  const swimmerId = await addSwimmer(db, {
    clientId: guardian.id,
    firstName: `${firstName}-kid`,
    notes: `${lastName} note`,
  });
  await createBooking(db, {
    clientId: guardian.id,
    dates: [{ date: "2026-02-16", instructorId: instructor.id, swimmers: [{ id: swimmerId, feedback }] }],
  });
  await addPassedLevel(db, {
    swimmerId,
    byUserId: instructor.id,
    certificateNumber: `CERT-${lastName}`,
    publishedAt: "2026-02-17T10:00:00.000Z",
  });
  const photos = [await uploadMilestone(guardian.id, red), await uploadMilestone(guardian.id, red + 40)];
  return { guardian, swimmerId, email: guardian.email, photos };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db);
  owner = await signedInAdmin(t);
  instructor = await signedInInstructor(t, { name: "Ivy Marsh" });
  ana = await family("Ana", "Núñez", 10, "Ana's kid floated alone.");
  bob = await family("Bob", "Bishop", 120, "Bob's kid kicked well.");
});
afterAll(() => testDb.close());

/** Every entry of the ZIP by its path, read with yauzl. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function storedBytes(milestoneId: string): Promise<Buffer> {
  const row = await db
    .selectFrom("milestone")
    .select("imageKey")
    .where("id", "=", milestoneId)
    .executeTakeFirstOrThrow();
  const file = await t.media.get(row.imageKey);
  if (!file) throw new Error("no stored file");
  return Buffer.from(await new Response(file.body).arrayBuffer());
}

describe("GET /api/clients/:clientId/export", () => {
  it("hands the owner a ZIP of the family's rows, photos and certificates, and nothing of another family", async () => {
    const response = await call(t, "GET", `/api/clients/${ana.guardian.id}/export`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="nunez-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const files = await unzip(Buffer.from(await response.arrayBuffer()));

    expect(
      [...files.keys()]
        .filter((name) => !name.startsWith("photos/") && !name.startsWith("certificates/"))
        .sort(),
    ).toEqual([
      "README.txt",
      "assessments.json",
      "bookings.json",
      "certificates.json",
      "checkouts.json",
      "credits.json",
      "household.json",
      "lessons.json",
      "media.json",
      "payments.json",
      "plans.json",
      "swimmers.json",
    ]);
    const json = (name: string) => JSON.parse(files.get(name)?.toString("utf8") ?? "null");
    expect(json("household.json").household).toMatchObject({
      id: ana.guardian.id,
      lastName: "Núñez",
      email: ana.email,
    });
    expect(json("swimmers.json").map((swimmer: { firstName: string }) => swimmer.firstName)).toContain(
      "Ana-kid",
    );
    expect(json("lessons.json")).toContainEqual(
      expect.objectContaining({
        date: "2026-02-16",
        instructor: "Ivy Marsh",
        swimmers: [expect.objectContaining({ firstName: "Ana-kid", feedback: "Ana's kid floated alone." })],
      }),
    );
    expect(json("plans.json")).toHaveLength(1);
    expect(json("payments.json")).toEqual([expect.objectContaining({ kind: "purchase", currency: "USD" })]);
    expect(json("assessments.json").length).toBeGreaterThan(0);
    expect(json("certificates.json")).toEqual([expect.objectContaining({ certificateNumber: "CERT-Núñez" })]);
    expect(files.get("certificates/certificate-CERT-Núñez.pdf")?.subarray(0, 5).toString()).toBe("%PDF-");
    expect(files.get("certificates/report-card-CERT-Núñez.pdf")?.subarray(0, 5).toString()).toBe("%PDF-");
    expect(files.get("README.txt")?.toString("utf8")).toContain("Núñez");

    // The photos, byte for byte as stored; media.json names each file.
    const photos = [...files.entries()].filter(([name]) => name.startsWith("photos/"));
    expect(photos).toHaveLength(2);
    const media = json("media.json") as { milestones: { id: string; file: string }[] };
    for (const id of ana.photos) {
      const listed = media.milestones.find((row) => row.id === id);
      expect(sha(files.get(listed?.file ?? "") ?? Buffer.alloc(0))).toBe(sha(await storedBytes(id)));
    }

    // Nothing of Bob's family: no id, address, name, feedback, certificate or photo.
    const everything = [...files.values()].map((bytes) => bytes.toString("latin1")).join("\n");
    const text = [...files.entries()]
      .filter(([name]) => !name.endsWith(".jpg") && !name.endsWith(".pdf"))
      .map(([, bytes]) => bytes.toString("utf8"))
      .join("\n");
    for (const foreign of [
      bob.guardian.id,
      bob.email,
      "Bishop",
      "Bob-kid",
      "Bob's kid kicked well.",
      bob.swimmerId,
    ]) {
      expect(text).not.toContain(foreign);
    }
    const photoHashes = photos.map(([, bytes]) => sha(bytes));
    for (const id of bob.photos) expect(photoHashes).not.toContain(sha(await storedBytes(id)));
    // No secret of the family's either.
    expect(everything).not.toMatch(/\$scrypt|passwordHash|tokenHash|imageKey/);

    const entry = await db
      .selectFrom("auditEntry")
      .selectAll()
      .where("entityKind", "=", "household-export")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actorUserId: owner.id, householdId: ana.guardian.id, action: "exported" });
  });

  it("is the owner's alone; an unknown household is a 404", async () => {
    for (const account of [ana.guardian, instructor]) {
      const refused = await call(t, "GET", `/api/clients/${ana.guardian.id}/export`, {
        cookie: account.cookie,
      });
      expect(refused.status).toBe(403);
    }
    expect((await call(t, "GET", `/api/clients/${ana.guardian.id}/export`)).status).toBe(401);
    const unknown = await call(t, "GET", "/api/clients/nobody-here/export", { cookie: owner.cookie });
    expect(unknown.status).toBe(404);
  });
});
