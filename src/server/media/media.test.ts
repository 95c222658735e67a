import { readFileSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  signedInAdmin,
  signedInClient,
  signIn,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import { addSwimmer } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp, testClock } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type {
  GalleryItem,
  GalleryUploadResponse,
  MediaPage,
  Milestone,
  MilestoneUploadResponse,
} from "../../domain/media.ts";
import { mediaMessages } from "../../domain/messages.ts";
import type { Db } from "../db/database.ts";
import { createS3MediaStore } from "../ports/media/s3-media-store.ts";
import { startS3StandIn } from "../ports/media/s3-stand-in.ts";

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let dataDir: string;
let t: TestApp;
let admin: TestAccount;
let clientA: TestAccount;
let clientB: TestAccount;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  dataDir = await mkdtemp(join(tmpdir(), "media-test-"));
  t = buildTestApp(db, { env: { DATA_DIR: dataDir } });
  admin = await signedInAdmin(t);
  clientA = await signedInClient(t, { firstName: "Alice", lastName: "A" });
  clientB = await signedInClient(t, { firstName: "Bob", lastName: "B" });
});
afterAll(async () => {
  await testDb.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A JPEG with GPS EXIF and Orientation 6 (see fixtures/README.md). */
const gpsJpeg = readFileSync(new URL("./fixtures/gps-rotated.jpg", import.meta.url));

async function smallJpeg(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#2a7ab0" } })
    .jpeg()
    .toBuffer();
}

/** A PNG of a few dozen bytes whose header claims `width` × `height` (a decompression bomb's shape). */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1, greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1 + Math.ceil(width / 8)))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

interface Upload {
  fields: Record<string, string>;
  file?: { bytes: Uint8Array; name: string; type: string };
}

function form({ fields, file }: Upload): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return body;
}

function post(path: string, upload: Upload, cookie = admin.cookie) {
  return t.app.request(path, {
    method: "POST",
    headers: { cookie, "x-forwarded-for": "198.51.100.1" },
    body: form(upload),
  });
}

const jpegFile = (bytes: Uint8Array, name = "photo.jpg", type = "image/jpeg") => ({ bytes, name, type });

async function uploadMilestone(clientId: string, bytes: Uint8Array): Promise<Milestone> {
  const response = await post("/api/media/milestones", { fields: { clientId }, file: jpegFile(bytes) });
  expect(response.status).toBe(201);
  return ((await response.json()) as MilestoneUploadResponse).milestone;
}

/** A new session at the clock's current time (sessions end after 5 idle minutes). */
async function signInAgain(account: TestAccount): Promise<void> {
  const { response, cookie } = await signIn(t, account.email, account.password);
  expect(response.status).toBe(200);
  account.cookie = cookie;
}

async function getFile(url: string, cookie?: string) {
  return call(t, "GET", url, { cookie });
}

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

/** Every file the disk store holds for a client. */
async function filesOf(clientId: string): Promise<string[]> {
  try {
    const entries = await readdir(join(dataDir, "media", clientId), { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

async function rowsOf(clientId: string) {
  const [milestones, gallery] = await Promise.all([
    db.selectFrom("milestone").select("id").where("clientId", "=", clientId).execute(),
    db.selectFrom("galleryItem").select("id").where("clientId", "=", clientId).execute(),
  ]);
  return milestones.length + gallery.length;
}

/** The tag ids of an EXIF block's first directory (sharp's `metadata().exif`: "Exif\0\0" then TIFF). */
function exifTags(exif: Buffer): number[] {
  const tiff = exif.subarray(exif.indexOf("Exif\0\0") + 6);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const directory = u32(4);
  return Array.from({ length: u16(directory) }, (_, i) => u16(directory + 2 + i * 12));
}
const gpsPointerTag = 0x8825;

describe("milestone upload", () => {
  it("accepts a JPEG named .png as a JPEG; serves it upright with no EXIF or GPS, and a thumbnail", async () => {
    const uploaded = await sharp(gpsJpeg).metadata();
    expect(uploaded.orientation).toBe(6);
    expect(exifTags(uploaded.exif as Buffer)).toContain(gpsPointerTag);

    const response = await post("/api/media/milestones", {
      fields: { clientId: clientA.id },
      file: jpegFile(gpsJpeg, "beach.png", "image/png"),
    });
    expect(response.status).toBe(201);
    const { milestone, message } = (await response.json()) as MilestoneUploadResponse;
    expect(message).toBe("Milestone uploaded successfully!");
    expect(milestone.clientId).toBe(clientA.id);
    expect(milestone.imageUrl).toBe(`/api/clients/${clientA.id}/media/${milestone.id}/full`);
    expect(milestone.thumbnailUrl).toBe(`/api/clients/${clientA.id}/media/${milestone.id}/thumb`);
    // Named by us: the uploaded name appears nowhere.
    expect((await filesOf(clientA.id)).sort()).toEqual(["full.jpg", "thumb.jpg"]);

    const full = await getFile(milestone.imageUrl, clientA.cookie);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("image/jpeg");
    expect(full.headers.get("cache-control")).toMatch(/^private, max-age=\d+/);
    expect(full.headers.get("cache-control")).not.toMatch(/public|s-maxage/);
    expect(full.headers.get("x-content-type-options")).toBe("nosniff");
    expect(full.headers.get("content-disposition")).toBe('inline; filename="swim-milestone.jpg"');
    const served = await bytesOf(full);
    const servedMeta = await sharp(served).metadata();
    expect(servedMeta.format).toBe("jpeg");
    expect(servedMeta.exif).toBeUndefined();
    expect(servedMeta.xmp).toBeUndefined();
    expect(served.includes(Buffer.from("GPS"))).toBe(false);
    // Orientation 6 applied: 96 × 64 became 64 × 96, and the red left half is now the top.
    expect([servedMeta.width, servedMeta.height]).toEqual([64, 96]);
    expect(servedMeta.orientation ?? 1).toBe(1);
    const { data } = await sharp(served).raw().toBuffer({ resolveWithObject: true });
    expect(data[(5 * 64 + 32) * 3]).toBeGreaterThan(150); // red, near the top
    expect(data[(90 * 64 + 32) * 3 + 2]).toBeGreaterThan(150); // blue, near the bottom

    const thumb = await getFile(milestone.thumbnailUrl, clientA.cookie);
    expect(thumb.status).toBe(200);
    expect((await sharp(await bytesOf(thumb)).metadata()).exif).toBeUndefined();
  });

  it("caps the stored picture's long side and makes a thumbnail for the grid", async () => {
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 4, background: "#ff000080" } })
      .png()
      .toBuffer();
    const milestone = await uploadMilestone(clientA.id, wide);
    const full = await sharp(await bytesOf(await getFile(milestone.imageUrl, admin.cookie))).metadata();
    expect([full.format, full.width, full.height]).toEqual(["jpeg", 2048, 683]);
    const thumb = await sharp(await bytesOf(await getFile(milestone.thumbnailUrl, admin.cookie))).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(["jpeg", 400, 133]);
  });

  describe("refuses, with a clear 4xx, and stores nothing", () => {
    let victim: TestAccount;
    beforeAll(async () => {
      victim = await signedInClient(t, { firstName: "Refused", lastName: "Uploads" });
    });

    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const cases: [string, () => Upload["file"], number, string, string][] = [
      [
        "a text file named .png",
        () => ({ bytes: Buffer.from("just some text\n"), name: "photo.png", type: "image/png" }),
        415,
        "not-an-image",
        mediaMessages.notAnImage,
      ],
      [
        "an SVG",
        () => ({ bytes: Buffer.from(svg), name: "drawing.svg", type: "image/svg+xml" }),
        415,
        "not-an-image",
        mediaMessages.notAnImage,
      ],
      [
        "an SVG named .jpg",
        () => ({ bytes: Buffer.from(svg), name: "drawing.jpg", type: "image/jpeg" }),
        415,
        "not-an-image",
        mediaMessages.notAnImage,
      ],
      [
        "a JPEG cut short after its signature",
        () => jpegFile(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70])),
        415,
        "not-an-image",
        mediaMessages.notAnImage,
      ],
      [
        "a 12 MB file",
        () => jpegFile(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(12 * 1024 * 1024)])),
        413,
        "payload-too-large",
        mediaMessages.tooLarge,
      ],
      [
        "a 50 000 × 50 000 PNG (a few dozen bytes on disk)",
        () => ({ bytes: pngClaiming(50_000, 50_000), name: "bomb.png", type: "image/png" }),
        422,
        "image-too-large",
        mediaMessages.tooManyPixels,
      ],
    ];

    for (const [name, file, status, code, message] of cases) {
      it(name, async () => {
        for (const path of ["/api/media/milestones", "/api/media/gallery"]) {
          const response = await post(path, {
            fields: { clientId: victim.id, mediaType: "image", date: "2026-03-01" },
            file: file(),
          });
          expect(response.status).toBe(status);
          expect(await response.json()).toMatchObject({ error: { code, message } });
        }
        expect(await rowsOf(victim.id)).toBe(0);
        expect(await filesOf(victim.id)).toEqual([]);
      });
    }

    it("a body over the limit declared up front (Content-Length) is refused before it is read", async () => {
      const body = form({
        fields: { clientId: victim.id },
        file: jpegFile(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(12 * 1024 * 1024)])),
      });
      const encoded = new Response(body);
      const bytes = await encoded.arrayBuffer();
      const response = await t.app.request("/api/media/milestones", {
        method: "POST",
        headers: {
          cookie: admin.cookie,
          "content-type": encoded.headers.get("content-type") ?? "",
          "content-length": String(bytes.byteLength),
        },
        body: bytes,
      });
      expect(response.status).toBe(413);
      expect(response.headers.get("connection")).toBe("close");
      expect(await rowsOf(victim.id)).toBe(0);
    });

    it("a file of exactly 10 MB is not refused for its size (it is then judged by its content)", async () => {
      const response = await post("/api/media/milestones", {
        fields: { clientId: victim.id },
        file: { bytes: Buffer.alloc(10 * 1024 * 1024, 0x41), name: "a.png", type: "image/png" },
      });
      expect(response.status).toBe(415);
    });
  });

  it("needs a client and an image (spec §5 words); an unknown client is 404", async () => {
    const jpeg = await smallJpeg();
    const missingFile = await post("/api/media/milestones", { fields: { clientId: clientB.id } });
    expect(missingFile.status).toBe(400);
    expect(await missingFile.json()).toMatchObject({
      error: { code: "validation", message: "Please select a client and choose an image.", field: "file" },
    });
    const missingClient = await post("/api/media/milestones", { fields: {}, file: jpegFile(jpeg) });
    expect(missingClient.status).toBe(400);
    expect(await missingClient.json()).toMatchObject({
      error: { message: "Please select a client and choose an image.", field: "clientId" },
    });
    const unknown = await post("/api/media/milestones", {
      fields: { clientId: "abcdefghijklmnopqrstuvwxyz012345" },
      file: jpegFile(jpeg),
    });
    expect(unknown.status).toBe(404);
    expect(await rowsOf(clientB.id)).toBe(0);
  });
});

describe("gallery upload", () => {
  it("an image: 'Image uploaded to gallery!', served as a swim image; a video link: 'Video uploaded to gallery!'", async () => {
    const image = await post("/api/media/gallery", {
      fields: { clientId: clientB.id, mediaType: "image", date: "2026-02-14" },
      file: jpegFile(await smallJpeg()),
    });
    expect(image.status).toBe(201);
    const { item, message } = (await image.json()) as GalleryUploadResponse;
    expect(message).toBe("Image uploaded to gallery!");
    expect(item).toMatchObject({
      clientId: clientB.id,
      mediaType: "image",
      date: "2026-02-14",
      videoLink: null,
    });
    const file = await getFile(item.imageUrl ?? "", clientB.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe('inline; filename="swim-image.jpg"');

    const video = await post("/api/media/gallery", {
      fields: {
        clientId: clientB.id,
        mediaType: "video",
        date: "2026-02-15",
        videoLink: " https://videos.example.com/watch?v=42 ",
      },
    });
    expect(video.status).toBe(201);
    const answer = (await video.json()) as GalleryUploadResponse;
    expect(answer.message).toBe("Video uploaded to gallery!");
    expect(answer.item).toMatchObject({
      mediaType: "video",
      videoLink: "https://videos.example.com/watch?v=42",
      imageUrl: null,
      thumbnailUrl: null,
    });
  });

  it.each([
    [{ mediaType: "image", date: "2026-02-14" }, false, "Please select client and date.", "clientId"],
    [{ mediaType: "image" }, true, "Please select client and date.", "date"],
    [{ mediaType: "image", date: "2026-02-31" }, true, "Please select client and date.", "date"],
    [{ mediaType: "image", date: "2026-02-14" }, "no file", "Please upload an image.", "file"],
    [{ mediaType: "video", date: "2026-02-14" }, true, "Please enter a video link.", "videoLink"],
    [
      { mediaType: "video", date: "2026-02-14", videoLink: "javascript:alert(1)" },
      true,
      "The video link must start with http:// or https://.",
      "videoLink",
    ],
    [{ mediaType: "audio", date: "2026-02-14" }, true, "mediaType must be image or video.", "mediaType"],
  ])("refuses %o (client given: %s) with %s", async (fields, withClient, message, field) => {
    const before = await rowsOf(clientB.id);
    const response = await post("/api/media/gallery", {
      fields: { ...fields, ...(withClient === false ? {} : { clientId: clientB.id }) },
      file:
        withClient === "no file" || fields.mediaType === "video" ? undefined : jpegFile(await smallJpeg()),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "validation", message, field } });
    expect(await rowsOf(clientB.id)).toBe(before);
  });
});

describe("privacy", () => {
  let milestone: Milestone;
  beforeAll(async () => {
    milestone = await uploadMilestone(clientA.id, await smallJpeg());
  });

  it("client B gets 403 on client A's lists and files; a visitor 401; A and the admin 200", async () => {
    const urls = [
      `/api/clients/${clientA.id}/milestones`,
      `/api/clients/${clientA.id}/gallery`,
      milestone.imageUrl,
      milestone.thumbnailUrl,
    ];
    for (const url of urls) {
      expect((await getFile(url, clientB.cookie)).status, url).toBe(403);
      expect((await getFile(url)).status, url).toBe(401);
      expect((await getFile(url, clientA.cookie)).status, url).toBe(200);
      expect((await getFile(url, admin.cookie)).status, url).toBe(200);
    }
  });

  it("an id of client A's picture under client B's own address is not found", async () => {
    const response = await getFile(`/api/clients/${clientB.id}/media/${milestone.id}/full`, clientB.cookie);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "media-not-found" } });
  });

  it("a client may not upload or delete, even for themselves", async () => {
    const upload = await post(
      "/api/media/milestones",
      { fields: { clientId: clientA.id }, file: jpegFile(await smallJpeg()) },
      clientA.cookie,
    );
    expect(upload.status).toBe(403);
    expect(
      (await call(t, "DELETE", `/api/media/milestones/${milestone.id}`, { cookie: clientA.cookie })).status,
    ).toBe(403);
    expect((await getFile(milestone.imageUrl, clientA.cookie)).status).toBe(200);
  });
});

describe("filters and paging run on the server", () => {
  let client: TestAccount;
  beforeAll(async () => {
    client = await signedInClient(t, { firstName: "Paging", lastName: "Client" });
  });
  // The clock moved: everyone signs in again at the new time for the tests after these.
  afterAll(async () => {
    for (const account of [admin, clientA, clientB]) await signInAgain(account);
  });

  it("milestones: 8 a page, newest first; month and year filter the upload's day", async () => {
    const jpeg = await smallJpeg();
    // Noon UTC: the same day in any server time zone from UTC-11 to UTC+11.
    const days = [
      "2025-07-10",
      ...Array.from({ length: 10 }, (_, i) => `2026-03-${String(i + 1).padStart(2, "0")}`),
    ];
    for (const day of days) {
      t.clock.set(`${day}T12:00:00.000Z`);
      await signInAgain(admin); // months apart: the last session has long ended
      await uploadMilestone(client.id, jpeg);
    }
    await signInAgain(client);
    const list = async (query: string) => {
      const response = await getFile(`/api/clients/${client.id}/milestones${query}`, client.cookie);
      expect(response.status).toBe(200);
      const page = (await response.json()) as MediaPage<Milestone>;
      return { ...page, days: page.items.map((item) => item.timestamp.slice(0, 10)) };
    };

    const first = await list("");
    expect([first.total, first.pageSize, first.page]).toEqual([11, 8, 1]);
    expect(first.days).toEqual(days.slice(3).reverse());
    const second = await list("?page=2");
    expect(second.days).toEqual(["2026-03-02", "2026-03-01", "2025-07-10"]);
    expect((await list("?page=3")).items).toEqual([]);
    expect((await list("?month=3&year=2026")).total).toBe(10);
    expect((await list("?year=2025")).days).toEqual(["2025-07-10"]);
    expect((await list("?month=7")).days).toEqual(["2025-07-10"]);
    expect((await list("?month=7&year=2026")).total).toBe(0);

    const bad = await getFile(`/api/clients/${client.id}/milestones?month=13`, client.cookie);
    expect(bad.status).toBe(400);
  });

  it("gallery: 9 a page, newest date first; month, year and type filter", async () => {
    const dates = Array.from({ length: 11 }, (_, i) => `2026-01-${String(i + 10).padStart(2, "0")}`);
    for (const date of dates) {
      t.clock.advance(1000);
      const response = await post("/api/media/gallery", {
        fields: { clientId: client.id, mediaType: "video", date, videoLink: `https://v.example.com/${date}` },
      });
      expect(response.status).toBe(201);
    }
    for (const date of ["2025-12-31", "2026-01-15"]) {
      t.clock.advance(1000);
      const response = await post("/api/media/gallery", {
        fields: { clientId: client.id, mediaType: "image", date },
        file: jpegFile(await smallJpeg()),
      });
      expect(response.status).toBe(201);
    }
    const list = async (query: string) => {
      const response = await getFile(`/api/clients/${client.id}/gallery${query}`, client.cookie);
      expect(response.status).toBe(200);
      const page = (await response.json()) as MediaPage<GalleryItem>;
      return { ...page, dates: page.items.map((item) => `${item.date} ${item.mediaType}`) };
    };

    const first = await list("");
    expect([first.total, first.pageSize]).toEqual([13, 9]);
    expect(first.items).toHaveLength(9);
    expect(first.dates.slice(0, 6)).toEqual([
      "2026-01-20 video",
      "2026-01-19 video",
      "2026-01-18 video",
      "2026-01-17 video",
      "2026-01-16 video",
      // The same date: the later upload first.
      "2026-01-15 image",
    ]);
    expect((await list("?page=2")).dates).toEqual([
      "2026-01-12 video",
      "2026-01-11 video",
      "2026-01-10 video",
      "2025-12-31 image",
    ]);
    expect((await list("?type=image")).dates).toEqual(["2026-01-15 image", "2025-12-31 image"]);
    expect((await list("?type=video&month=1&year=2026")).total).toBe(11);
    expect((await list("?year=2025")).dates).toEqual(["2025-12-31 image"]);
    expect((await list("?month=12")).dates).toEqual(["2025-12-31 image"]);
    expect((await getFile(`/api/clients/${client.id}/gallery?type=audio`, client.cookie)).status).toBe(400);
  });
});

describe("a milestone's day", () => {
  it("is the day in the school's time zone (TZ_SCHOOL), not the server's", async () => {
    const client = await signedInClient(t, { firstName: "Zoned", lastName: "Client" });
    const jpeg = await smallJpeg();
    // 11:00 UTC on March 31 is already April 1 at UTC+14 and still March 31 at UTC-11: whatever the server's own
    // zone, its local day differs from one of the two schools' day.
    const moment = "2026-03-31T11:00:00.000Z";
    const schools = [
      { zone: "Pacific/Kiritimati", month: 4 },
      { zone: "Pacific/Pago_Pago", month: 3 },
    ];
    for (const { zone, month } of schools) {
      const school = buildTestApp(db, {
        env: { DATA_DIR: dataDir, TZ_SCHOOL: zone },
        clock: testClock(moment),
      });
      const { cookie } = await signIn(school, admin.email, admin.password);
      const upload = await school.app.request("/api/media/milestones", {
        method: "POST",
        headers: { cookie, "x-forwarded-for": "198.51.100.1" },
        body: form({ fields: { clientId: client.id }, file: jpegFile(jpeg) }),
      });
      expect(upload.status).toBe(201);
      const { milestone } = (await upload.json()) as MilestoneUploadResponse;
      const listed = async (query: string) => {
        const response = await call(school, "GET", `/api/clients/${client.id}/milestones${query}`, {
          cookie,
        });
        return ((await response.json()) as MediaPage<Milestone>).items.map((item) => item.id);
      };
      expect({ zone, listed: await listed(`?month=${month}&year=2026`) }).toMatchObject({
        zone,
        listed: expect.arrayContaining([milestone.id]),
      });
      expect({ zone, listed: await listed(`?month=${7 - month}&year=2026`) }).toMatchObject({
        zone,
        listed: expect.not.arrayContaining([milestone.id]),
      });
    }
  });
});

describe("deleting", () => {
  it("the admin deletes a milestone and a gallery item uploaded by mistake: rows and files go", async () => {
    const client = await signedInClient(t, { firstName: "Mistake", lastName: "Client" });
    const milestone = await uploadMilestone(client.id, await smallJpeg());
    const image = (await (
      await post("/api/media/gallery", {
        fields: { clientId: client.id, mediaType: "image", date: "2026-03-01" },
        file: jpegFile(await smallJpeg()),
      })
    ).json()) as GalleryUploadResponse;
    expect(await filesOf(client.id)).toHaveLength(4);

    const deleted = await call(t, "DELETE", `/api/media/milestones/${milestone.id}`, {
      cookie: admin.cookie,
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: mediaMessages.deleted });
    expect((await getFile(milestone.imageUrl, admin.cookie)).status).toBe(404);
    expect(
      (await call(t, "DELETE", `/api/media/milestones/${milestone.id}`, { cookie: admin.cookie })).status,
    ).toBe(404);
    expect(await filesOf(client.id)).toHaveLength(2);

    expect(
      (await call(t, "DELETE", `/api/media/gallery/${image.item.id}`, { cookie: admin.cookie })).status,
    ).toBe(200);
    expect(await filesOf(client.id)).toEqual([]);
    expect(await rowsOf(client.id)).toBe(0);
  });

  it("deleting a client leaves none of its rows or files, and no other client's are touched", async () => {
    const client = await signedInClient(t, { firstName: "Leaving", lastName: "Client" });
    await uploadMilestone(client.id, await smallJpeg());
    await post("/api/media/gallery", {
      fields: { clientId: client.id, mediaType: "image", date: "2026-03-01" },
      file: jpegFile(await smallJpeg()),
    });
    expect(await filesOf(client.id)).toHaveLength(4);
    const othersBefore = await filesOf(clientA.id);

    expect((await call(t, "DELETE", `/api/clients/${client.id}`, { cookie: admin.cookie })).status).toBe(200);
    expect(await rowsOf(client.id)).toBe(0);
    expect(await filesOf(client.id)).toEqual([]);
    expect(await filesOf(clientA.id)).toEqual(othersBefore);
  });
});

describe("with S3_BUCKET set (s3rver on 127.0.0.1)", () => {
  it("uploads to the bucket, serves from it, and deleting the client empties its prefix", async () => {
    const s3 = await startS3StandIn();
    const s3App = buildTestApp(db, { env: { DATA_DIR: dataDir, ...s3.env } });
    const bucket = createS3MediaStore({ ...s3, region: "us-east-1" });
    try {
      const s3Admin = await signedInAdmin(s3App);
      const client = await signedInClient(s3App, { firstName: "Bucket", lastName: "Client" });
      const response = await s3App.app.request("/api/media/milestones", {
        method: "POST",
        headers: { cookie: s3Admin.cookie },
        body: form({ fields: { clientId: client.id }, file: jpegFile(gpsJpeg) }),
      });
      expect(response.status).toBe(201);
      const { milestone } = (await response.json()) as MilestoneUploadResponse;
      expect(await filesOf(client.id)).toEqual([]); // not on disk
      const key = `${client.id}/${milestone.id}/full.jpg`;
      expect(await bucket.get(key)).not.toBeNull();

      const served = await s3App.app.request(milestone.imageUrl, { headers: { cookie: client.cookie } });
      expect(served.status).toBe(200);
      expect((await sharp(await bytesOf(served)).metadata()).exif).toBeUndefined();

      const deleted = await s3App.app.request(`/api/clients/${client.id}`, {
        method: "DELETE",
        headers: { cookie: s3Admin.cookie },
      });
      expect(deleted.status).toBe(200);
      expect(await bucket.get(key)).toBeNull();
      expect(await bucket.get(`${client.id}/${milestone.id}/thumb.jpg`)).toBeNull();
    } finally {
      bucket.destroy();
      (s3App.media as { destroy?: () => void }).destroy?.();
      await s3.close();
    }
  });
});

describe("a household of several swimmers", () => {
  it("files each upload under the swimmer chosen, filters by swimmer, and keeps no photo a family refused", async () => {
    const family = await signedInClient(t, { firstName: "Ana", lastName: "Núñez" });
    const leo = await addSwimmer(db, { clientId: family.id, firstName: "Leo" });
    const noPhotos = await addSwimmer(db, { clientId: family.id, firstName: "Mia", photoPermission: false });
    const forLeo = await post("/api/media/milestones", {
      fields: { clientId: family.id, swimmerId: leo },
      file: jpegFile(await smallJpeg()),
    });
    expect(forLeo.status).toBe(201);
    expect(((await forLeo.json()) as MilestoneUploadResponse).milestone.swimmerId).toBe(leo);
    await uploadMilestone(family.id, await smallJpeg()); // no swimmer named: the household's first, Ana

    const page = async (query: string) => {
      const response = await call(t, "GET", `/api/clients/${family.id}/milestones${query}`, {
        cookie: family.cookie,
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as MediaPage<Milestone>).items.map((item) => item.swimmerId);
    };
    expect((await page("")).sort()).toEqual([family.id, leo].sort());
    expect(await page(`?swimmer=${leo}`)).toEqual([leo]);

    const refused = await post("/api/media/gallery", {
      fields: {
        clientId: family.id,
        swimmerId: noPhotos,
        date: "2026-03-01",
        mediaType: "video",
        videoLink: "https://video.example/v/1",
      },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "This swimmer's family has not allowed the school to keep photos of them.",
    );
    const foreign = await post("/api/media/milestones", {
      fields: { clientId: family.id, swimmerId: clientB.id },
      file: jpegFile(await smallJpeg()),
    });
    expect(foreign.status).toBe(400);
    expect(await filesOf(family.id)).toHaveLength(4); // two pictures, two files each: nothing of the refused ones
  });
});
