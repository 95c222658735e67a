/**
 * npm run backup and npm run restore against the real server: a backup taken while writes go on holds every row
 * acknowledged before it and every file its rows refer to; restored into a fresh DATA_DIR it gives back the same
 * rows and files, and the server started on it serves them.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BackupManifest,
  databaseFileName,
  sha256File,
  tableDigests,
} from "../src/server/durability/snapshot-files.ts";
import {
  type ApiClient,
  buyPlan,
  contactMessage,
  pickDays,
  type RegisteredClient,
  registerClient,
  signedIn,
  upcomingDays,
} from "../test/support/api-client.ts";
import { runScript, type SpawnedServer, spawnServer } from "../test/support/spawned-server.ts";

const admin = { email: "backup-admin@example.com", password: "backup-admin-password-1" };
const root = mkdtempSync(path.join(tmpdir(), "swim-backup-"));
const liveDir = path.join(root, "live");
const restoredDir = path.join(root, "restored");
const backupDir = path.join(root, "backups", "first");
const serverEnv = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  TZ_SCHOOL: "UTC",
  CONTACT_RATE_LIMIT: "1000000",
});
const scriptEnv = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: "", S3_BUCKET: "" });

const servers: SpawnedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(root, { recursive: true, force: true });
});

async function start(dataDir: string): Promise<SpawnedServer> {
  const server = await spawnServer(serverEnv(dataDir));
  servers.push(server);
  return server;
}

const jpeg = (red: number) =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: { r: red, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

async function uploadMilestone(api: ApiClient, clientId: string, red: number) {
  const form = new FormData();
  form.set("clientId", clientId);
  form.set("file", new Blob([new Uint8Array(await jpeg(red))], { type: "image/jpeg" }), "photo.jpg");
  return api.request("POST", "/api/media/milestones", form);
}

/** sha256 of every file under `folder`, by its path there (a media key). */
async function filesUnder(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  if (!existsSync(folder)) return files;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(folder, file).split(path.sep).join("/")] = (await sha256File(file)).sha256;
  }
  return files;
}

const manifestOf = (folder: string) =>
  JSON.parse(readFileSync(path.join(folder, "manifest.json"), "utf8")) as BackupManifest;

function rowsOf<T>(file: string, query: string, ...parameters: string[]): T[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).all(...parameters) as T[];
  } finally {
    db.close();
  }
}

/** The permission bits of `folder` and of everything under it, by path there ("." for the folder itself). */
function modesUnder(folder: string): Record<string, string> {
  const modes: Record<string, string> = { ".": (statSync(folder).mode & 0o777).toString(8) };
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    modes[path.relative(folder, file)] = (statSync(file).mode & 0o777).toString(8);
  }
  return modes;
}

/** What each entry should be: owner-only, 700 for a folder and 600 for a file. */
function ownerOnly(folder: string, modes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.keys(modes).map((name) => [name, statSync(path.join(folder, name)).isDirectory() ? "700" : "600"]),
  );
}

/** Checks that everything under `folder` is owner-only; answers its entries. */
function expectOwnerOnly(folder: string): string[] {
  const modes = modesUnder(folder);
  expect(modes, folder).toEqual(ownerOnly(folder, modes));
  return Object.keys(modes);
}

/** Everything readable by others, as an older version left its DATA_DIR and backups under umask 022. */
function openUp(folder: string) {
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  }
  chmodSync(folder, 0o755);
}

type Phase = "before" | "during" | "after";

describe("npm run backup and npm run restore", () => {
  // Private data stays private whatever the umask: run as a typical login shell would (022: 644 files, 755 folders).
  let umask: number;
  beforeAll(() => {
    umask = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umask);
  });

  it("a backup taken while writes go on gives back, once restored, every row and file; the server serves them", async () => {
    const live = await start(liveDir);
    const api = await signedIn(live.url, admin.email, admin.password);
    const tag = randomBytes(3).toString("hex");
    const clients: RegisteredClient[] = [];
    for (const index of [1, 2, 3]) clients.push(await registerClient(api, `backup-${tag}-${index}`));
    const [first, second, third] = clients as [RegisteredClient, RegisteredClient, RegisteredClient];
    for (const client of [first, second]) await buyPlan(api, client);
    const days = upcomingDays(30);
    await api.expect("POST", "/api/bookings", { clientId: first.id, dates: pickDays(days, 3) });
    expect((await uploadMilestone(api, third.id, 10)).status).toBe(201);

    // The stream: contact messages, milestone uploads and booking saves, one after another per worker, each
    // acknowledgement noted with the phase it came in.
    let phase: Phase = "before";
    let stopped = false;
    const acked: { phase: Phase; kind: "contact" | "milestone" | "booking"; key: string }[] = [];
    const failures: string[] = [];
    const ackedIn = (wanted: Phase) => acked.filter((write) => write.phase === wanted).length;
    const worker = async (kind: "contact" | "milestone" | "booking") => {
      for (let serial = 0; !stopped; serial++) {
        const sentIn = phase;
        if (kind === "contact") {
          const message = contactMessage(`${tag}-${serial}`);
          const answer = await api.request("POST", "/api/contact", message);
          if (answer.status !== 201) failures.push(`contact ${answer.status}`);
          else acked.push({ phase: sentIn, kind, key: message.email });
        } else if (kind === "milestone") {
          const answer = await uploadMilestone(api, first.id, serial % 250);
          if (answer.status !== 201) failures.push(`milestone ${answer.status}`);
          else
            acked.push({
              phase: sentIn,
              kind,
              key: (answer.body as { milestone: { id: string } }).milestone.id,
            });
        } else {
          const dates = pickDays(days, 1 + (serial % 8));
          const answer = await api.request("POST", "/api/bookings", { clientId: second.id, dates });
          if (answer.status !== 200) failures.push(`booking ${answer.status}`);
          else acked.push({ phase: sentIn, kind, key: dates.join(",") });
        }
      }
    };
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const stream = Promise.all([worker("contact"), worker("milestone"), worker("booking")]);
    await until(() => ackedIn("before") >= 6);
    phase = "during";
    const backup = await runScript("scripts/backup.ts", ["--out", backupDir], scriptEnv(liveDir));
    phase = "after";
    await until(
      () => acked.filter((write) => write.phase === "after" && write.kind === "contact").length >= 3,
    );
    stopped = true;
    await stream;
    expect(failures).toEqual([]);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${backupDir}`);
    // The site kept taking writes while the backup ran.
    expect(ackedIn("during")).toBeGreaterThan(0);
    // The database with its -wal and -shm, the secret, the media and the backup: all owner-only.
    const liveEntries = expectOwnerOnly(liveDir);
    expect(liveEntries).toEqual(
      expect.arrayContaining([
        databaseFileName,
        `${databaseFileName}-wal`,
        `${databaseFileName}-shm`,
        "auth-secret",
      ]),
    );
    expect(
      liveEntries.filter((name) => name.startsWith("media/") && name.endsWith(".jpg")).length,
    ).toBeGreaterThan(1);
    expect(expectOwnerOnly(backupDir)).toEqual(
      expect.arrayContaining(["manifest.json", databaseFileName, "auth-secret", "media"]),
    );
    await live.stop();

    // The snapshot: every write acknowledged before the backup started, and every file its rows refer to.
    const snapshot = path.join(backupDir, databaseFileName);
    const manifest = manifestOf(backupDir);
    const contactEmails = new Set(
      rowsOf<{ email: string }>(snapshot, "select email from contactMessage").map((r) => r.email),
    );
    const milestones = rowsOf<{ id: string; clientId: string; imageKey: string; thumbnailKey: string }>(
      snapshot,
      "select id, clientId, imageKey, thumbnailKey from milestone",
    );
    for (const write of acked.filter((write) => write.phase === "before")) {
      if (write.kind === "contact") expect(contactEmails).toContain(write.key);
      if (write.kind === "milestone") expect(milestones.map((row) => row.id)).toContain(write.key);
    }
    // Writes went on after the snapshot: the live database has more than the backup.
    const liveFile = path.join(liveDir, databaseFileName);
    const liveContacts = rowsOf<{ n: number }>(liveFile, "select count(*) as n from contactMessage")[0]?.n;
    expect(liveContacts).toBeGreaterThan(contactEmails.size);
    const liveFiles = await filesUnder(path.join(liveDir, "media"));
    const backupFiles = await filesUnder(path.join(backupDir, "media"));
    const referenced = milestones.flatMap((row) => [row.imageKey, row.thumbnailKey]).sort();
    expect(Object.keys(backupFiles).sort()).toEqual(referenced);
    for (const key of referenced) expect(backupFiles[key], key).toBe(liveFiles[key]);
    expect(manifest.media?.missing).toEqual([]);
    expect(backup.stdout).toContain(`media        ${referenced.length} files`);

    // Restored into a fresh DATA_DIR: the same rows (count and checksum per table) and the same files.
    // As an older version wrote it, readable by others: restored owner-only all the same.
    openUp(backupDir);
    const restore = await runScript("scripts/restore.ts", [backupDir], scriptEnv(restoredDir));
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    const restoredFile = path.join(restoredDir, databaseFileName);
    expect(tableDigests(restoredFile)).toEqual(tableDigests(snapshot));
    expect(tableDigests(restoredFile)).toEqual(manifest.database.tables);
    expect(await filesUnder(path.join(restoredDir, "media"))).toEqual(backupFiles);

    // The audit log comes through too (issue 30): the registrations and uploads are in it, and the restored table
    // still refuses to be rewritten.
    const audited = rowsOf<{ entityKind: string; action: string; entityId: string }>(
      restoredFile,
      "select entityKind, action, entityId from auditEntry",
    );
    expect(manifest.database.tables.auditEntry?.rows).toBe(audited.length);
    for (const client of clients) {
      expect(audited).toContainEqual({ entityKind: "client", action: "created", entityId: client.id });
    }
    expect(audited.some((entry) => entry.entityKind === "milestone")).toBe(true);
    const restoredDb = new SQLite(restoredFile);
    try {
      expect(() => restoredDb.prepare("delete from auditEntry").run()).toThrow(/append-only/);
    } finally {
      restoredDb.close();
    }

    // The server starts on it and serves them; the admin's session came back too (its row and the auth secret).
    expectOwnerOnly(restoredDir);
    // A DATA_DIR an older version left open is closed when the server starts on it.
    openUp(restoredDir);
    const restored = await start(restoredDir);
    expectOwnerOnly(restoredDir);
    const again = api.at(restored.url);
    for (const client of [first, third]) {
      const rows = milestones.filter((row) => row.clientId === client.id);
      const page = await again.expect<{ total: number; items: { id: string; imageUrl: string }[] }>(
        "GET",
        `/api/clients/${client.id}/milestones`,
        undefined,
      );
      expect(page.total).toBe(rows.length);
      for (const item of page.items) {
        const picture = await again.request("GET", item.imageUrl);
        const row = rows.find((candidate) => candidate.id === item.id);
        const served = createHash("sha256")
          .update(picture.body as Buffer)
          .digest("hex");
        expect(served).toBe(liveFiles[row?.imageKey ?? ""]);
      }
    }
    const lessons = rowsOf<{ date: string }>(
      snapshot,
      "select date from lesson where clientId = ? order by date",
      second.id,
    ).map((row) => row.date);
    const { bookings } = await again.expect<{ bookings: { dates: { date: string }[] }[] }>(
      "GET",
      `/api/clients/${second.id}/bookings`,
      undefined,
    );
    expect(bookings.flatMap((booking) => booking.dates.map((day) => day.date))).toEqual(lessons);

    // A restore refuses while that server has the database open, and over data without --force.
    const whileServing = await runScript(
      "scripts/restore.ts",
      [backupDir, "--force"],
      scriptEnv(restoredDir),
    );
    expect(whileServing.code).toBe(1);
    expect(whileServing.stderr).toContain("stop it first");
    await restored.stop();
    const withoutForce = await runScript("scripts/restore.ts", [backupDir], scriptEnv(restoredDir));
    expect(withoutForce.code).toBe(1);
    expect(withoutForce.stderr).toContain("add --force");
    const forced = await runScript("scripts/restore.ts", [backupDir, "--force"], scriptEnv(restoredDir));
    expect(forced.code).toBe(0);
    const replaced = readdirSync(restoredDir).find((name) => name.startsWith("replaced-"));
    expect(replaced && readdirSync(path.join(restoredDir, replaced)).sort()).toEqual(
      expect.arrayContaining([databaseFileName, "media"]),
    );
    expect(tableDigests(restoredFile)).toEqual(manifest.database.tables);
  }, 180_000);

  it("refuses a damaged backup, lists files lost before a backup, leaves S3 media and PostgreSQL out", async () => {
    const damaged = path.join(root, "backups", "damaged");
    cpSync(backupDir, damaged, { recursive: true });
    const manifest = manifestOf(damaged);
    const key = manifest.media?.files[0]?.key ?? "";
    writeFileSync(path.join(damaged, "media", ...key.split("/")), "not the picture");
    const emptyDir = path.join(root, "empty");
    const refused = await runScript("scripts/restore.ts", [damaged], scriptEnv(emptyDir));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`media/${key} does not match`);
    expect(existsSync(path.join(emptyDir, databaseFileName))).toBe(false);

    // A picture file lost before the backup (its row still there) is listed, not waited for.
    rmSync(path.join(liveDir, "media", ...key.split("/")));
    const withLoss = path.join(root, "backups", "with-loss");
    const lossy = await runScript("scripts/backup.ts", ["--out", withLoss], scriptEnv(liveDir));
    expect(lossy.code).toBe(0);
    expect(lossy.stderr).toContain(`warning: media/${key} is referred to by a row but was already missing`);
    expect(manifestOf(withLoss).media?.missing).toEqual([key]);
    const liveMilestones = rowsOf<{ n: number }>(
      path.join(liveDir, databaseFileName),
      "select count(*) as n from milestone",
    )[0]?.n;
    expect(manifestOf(withLoss).media?.files.length).toBe(2 * (liveMilestones ?? 0) - 1);

    // With S3_BUCKET the pictures are in the bucket: the backup is the database (and secret) only, and says so.
    const withS3 = path.join(root, "backups", "with-s3");
    const s3 = await runScript("scripts/backup.ts", ["--out", withS3], {
      ...scriptEnv(liveDir),
      S3_BUCKET: "school-media",
    });
    expect(s3.code).toBe(0);
    expect(s3.stdout).toContain("not copied: they are in the S3 bucket school-media");
    expect(manifestOf(withS3).media).toBeNull();
    expect(existsSync(path.join(withS3, "media"))).toBe(false);

    const postgres = await runScript("scripts/backup.ts", [], {
      ...scriptEnv(liveDir),
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test",
    });
    expect(postgres.code).toBe(1);
    expect(postgres.stderr).toContain("pg_dump");
  }, 60_000);
});
