import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  call,
  clientPassword,
  signedInAdmin,
  signedInClient,
  signedInInstructor,
  signIn,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import {
  addGuardian,
  addPassedLevel,
  createBooking,
  passwordHashOf,
} from "../../../test/support/factories.ts";
import { readPdf } from "../../../test/support/pdf-text.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type {
  CertificateReviewResponse,
  PassedLevelsResponse,
  SharedCertificateResponse,
  ShareLinkResponse,
} from "../../domain/certificates.ts";
import type { GuardianPermissions } from "../../domain/households.ts";
import type { Locale } from "../../domain/locale.ts";
import type { Db } from "../db/database.ts";
import { contentSettings } from "../settings/service.ts";
import { publishPasses } from "./publish.ts";

/**
 * Certificates (issue 28, docs/decisions/027) through the real routes: the owner's approval (School settings' "Approve
 * certificates before publishing", on by default) and its mail, the PDFs and who may download them, the family's
 * share link that shows the certificate and nothing else until it is stopped, and the report card read from its
 * snapshot only. On SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let owner: TestAccount;
/** Household A: its first guardian (who swims: swimmer id = household id), a Spanish second guardian, one who may not see progress. */
let parentA: TestAccount;
let spanishA: TestAccount;
let noProgressA: TestAccount;
let parentB: TestAccount;
/** I1 teaches A's swimmer; I2 teaches B only. */
let teacherA: TestAccount;
let teacherB: TestAccount;
let firstLevel: { id: number; name: string; nameEs: string };

const level = (n: number) => `/api/level-results/${n}`;

async function guardianOfA(
  permissions: Partial<GuardianPermissions>,
  locale: Locale,
  name: string,
): Promise<TestAccount> {
  const guardian = await addGuardian(db, {
    clientId: parentA.id,
    name,
    permissions,
    locale,
    passwordHash: await passwordHashOf(t.auth, clientPassword),
  });
  const { cookie } = await signIn(t, guardian.email, clientPassword);
  return { id: guardian.id, email: guardian.email, password: clientPassword, cookie };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db);
  owner = await signedInAdmin(t);
  parentA = await signedInClient(t, { firstName: "Łukasz", lastName: "Muñoz" });
  spanishA = await guardianOfA({}, "es", "Lucía Muñoz");
  noProgressA = await guardianOfA({ progress: false }, "en", "Pat Muñoz");
  parentB = await signedInClient(t, { firstName: "Bea", lastName: "Other" });
  teacherA = await signedInInstructor(t, { name: "Ivy Teacher" });
  teacherB = await signedInInstructor(t, { name: "Ian Teacher" });
  await createBooking(db, {
    clientId: parentA.id,
    dates: [{ date: "2026-02-02", instructorId: teacherA.id }],
  });
  await createBooking(db, {
    clientId: parentB.id,
    dates: [{ date: "2026-02-02", instructorId: teacherB.id }],
  });
  const row = await db
    .selectFrom("level")
    .select(["id", "name", "nameEs"])
    .orderBy("position")
    .executeTakeFirstOrThrow();
  firstLevel = { ...row, id: Number(row.id) };
});
afterAll(() => testDb.close());

beforeEach(async () => {
  // Each test passes its own levels from a clean slate of results (the curriculum stays).
  await db.deleteFrom("levelResult").execute();
  await db.deleteFrom("mailOutbox").execute();
});

const passA = (options: { publishedAt?: string; number?: string } = {}) =>
  addPassedLevel(db, {
    swimmerId: parentA.id,
    levelId: firstLevel.id,
    byUserId: teacherA.id,
    at: "2026-02-02T10:30:00.000Z",
    note: "Floats calmly on her back",
    certificateNumber: options.number ?? "2026-00042",
    publishedAt: options.publishedAt,
  });

async function pdfOf(path: string, cookie?: string) {
  const response = await call(t, "GET", path, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  return readPdf(new Uint8Array(await response.arrayBuffer()));
}

const mails = () =>
  db.selectFrom("mailOutbox").select(["toAddress", "subject", "body"]).orderBy("id").execute();

describe("approval", () => {
  it("is on by default: a pass waits as a draft the owner reviews, and the family sees nothing of it yet", async () => {
    const id = await passA();
    const published = await db.transaction().execute((trx) => publishPasses(trx, t, [id], t.clock.now()));
    expect(published).toEqual({ levelResultIds: [], mailIds: [] });

    const review = (await (
      await call(t, "GET", "/api/level-results", { cookie: owner.cookie })
    ).json()) as CertificateReviewResponse;
    expect(review.published).toEqual([]);
    expect(review.waiting).toHaveLength(1);
    expect(review.waiting[0]).toMatchObject({
      id,
      swimmer: { id: parentA.id, name: "Łukasz Muñoz" },
      household: { id: parentA.id, name: "Łukasz Muñoz" },
      level: { name: firstLevel.name },
      passedOn: "2026-02-02",
      instructor: "Ivy Teacher",
      certificateNumber: "2026-00042",
      publishedAt: null,
    });
    expect(review.waiting[0]?.skills.length).toBeGreaterThan(0);
    expect(review.waiting[0]?.skills.every((skill) => skill.rating?.label === "Mastered")).toBe(true);

    // The family: not listed, no PDF, no share link; no mail went out.
    const listed = await call(t, "GET", `/api/swimmers/${parentA.id}/level-results`, {
      cookie: parentA.cookie,
    });
    expect(((await listed.json()) as PassedLevelsResponse).levelResults).toEqual([]);
    expect((await call(t, "GET", `${level(id)}/certificate.pdf`, { cookie: parentA.cookie })).status).toBe(
      404,
    );
    expect((await call(t, "POST", `${level(id)}/share`, { cookie: parentA.cookie })).status).toBe(404);
    expect(await mails()).toEqual([]);
  });

  it("publishes on the owner's approval and mails each guardian who sees progress, in their language, once", async () => {
    const id = await passA();
    const approved = await call(t, "POST", `${level(id)}/approve`, { cookie: owner.cookie });
    expect(approved.status).toBe(200);
    const { levelResult } = (await approved.json()) as {
      levelResult: { publishedAt: string; approvedAt: string };
    };
    expect(levelResult.publishedAt).toBe(t.clock.now().toISOString());
    const row = await db
      .selectFrom("levelResult")
      .select(["approvedAt", "approvedByUserId", "publishedAt"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      approvedAt: t.clock.now().toISOString(),
      approvedByUserId: owner.id,
      publishedAt: t.clock.now().toISOString(),
    });

    const sent = await mails();
    // Not to Pat, who may not see progress.
    expect(sent.map((mail) => mail.toAddress).sort()).toEqual([parentA.email, spanishA.email].sort());
    const english = sent.find((mail) => mail.toAddress === parentA.email);
    expect(english?.subject).toBe(`Łukasz passed ${firstLevel.name}!`);
    expect(english?.body).toContain("http://localhost:3000/progress");
    expect(english?.body).toContain("February 2, 2026");
    const spanish = sent.find((mail) => mail.toAddress === spanishA.email);
    expect(spanish?.subject).toBe(`¡Łukasz aprobó ${firstLevel.nameEs || firstLevel.name}!`);
    expect(spanish?.body).toContain("2 de febrero de 2026");

    // The family sees it now; approving again changes nothing and mails no one.
    const listed = await call(t, "GET", `/api/swimmers/${parentA.id}/level-results`, {
      cookie: parentA.cookie,
    });
    expect(((await listed.json()) as PassedLevelsResponse).levelResults).toEqual([
      {
        id,
        swimmerId: parentA.id,
        level: { name: firstLevel.name, nameEs: firstLevel.nameEs },
        passedOn: "2026-02-02",
        certificateNumber: "2026-00042",
        shared: false,
      },
    ]);
    expect((await call(t, "POST", `${level(id)}/approve`, { cookie: owner.cookie })).status).toBe(409);
    expect(await mails()).toHaveLength(2);
  });

  it("off, publishes a pass at once and mails the family, without an approver", async () => {
    const off = await call(t, "PUT", "/api/settings/certificates", {
      cookie: owner.cookie,
      body: { approveBeforePublishing: false },
    });
    expect(off.status).toBe(200);
    try {
      // The school had saved no settings: site.json's stay in force, now stored with the choice.
      const settings = await call(t, "GET", "/api/settings", { cookie: owner.cookie });
      expect(((await settings.json()) as { settings: unknown }).settings).toEqual(contentSettings);
      const id = await passA();
      const published = await db.transaction().execute((trx) => publishPasses(trx, t, [id], t.clock.now()));
      expect(published.levelResultIds).toEqual([id]);
      expect(published.mailIds).toHaveLength(2);
      const row = await db
        .selectFrom("levelResult")
        .select(["approvedAt", "approvedByUserId", "publishedAt"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        approvedAt: null,
        approvedByUserId: null,
        publishedAt: t.clock.now().toISOString(),
      });
    } finally {
      await call(t, "PUT", "/api/settings/certificates", {
        cookie: owner.cookie,
        body: { approveBeforePublishing: true },
      });
    }
    const back = await call(t, "GET", "/api/settings/certificates", { cookie: owner.cookie });
    expect(await back.json()).toEqual({ settings: { approveBeforePublishing: true } });
  });

  it("is the owner's setting: refused to a guardian and an instructor, and a bad value changes nothing", async () => {
    for (const who of [parentA, teacherA]) {
      const response = await call(t, "PUT", "/api/settings/certificates", {
        cookie: who.cookie,
        body: { approveBeforePublishing: false },
      });
      expect(response.status).toBe(403);
    }
    const bad = await call(t, "PUT", "/api/settings/certificates", {
      cookie: owner.cookie,
      body: { approveBeforePublishing: "no" },
    });
    expect(bad.status).toBe(400);
    const now = await call(t, "GET", "/api/settings/certificates", { cookie: owner.cookie });
    expect(await now.json()).toEqual({ settings: { approveBeforePublishing: true } });
  });
});

describe("the PDFs", () => {
  it("answer the owner, the swimmer's instructor and the guardians who see progress; nobody else", async () => {
    const id = await passA({ publishedAt: "2026-02-03T09:00:00.000Z" });
    for (const document of ["certificate", "report-card"]) {
      const path = `${level(id)}/${document}.pdf`;
      const statuses: Record<string, number> = {};
      const callers = { owner, parentA, spanishA, noProgressA, parentB, teacherA, teacherB };
      for (const [name, who] of Object.entries(callers)) {
        statuses[name] = (await call(t, "GET", path, { cookie: who.cookie })).status;
      }
      statuses.visitor = (await call(t, "GET", path)).status;
      expect(statuses).toEqual({
        owner: 200,
        parentA: 200,
        spanishA: 200,
        noProgressA: 403,
        parentB: 403,
        teacherA: 200,
        teacherB: 403,
        visitor: 401,
      });
    }
    expect(
      (await call(t, "GET", `${level(id + 1000)}/certificate.pdf`, { cookie: owner.cookie })).status,
    ).toBe(404);
    expect(
      (await call(t, "GET", `${level(id)}/certificate.pdf?paper=a3`, { cookie: owner.cookie })).status,
    ).toBe(400);
  });

  it("show the swimmer, the level, the day, the instructor and the number, in the reader's language and paper", async () => {
    const id = await passA({ publishedAt: "2026-02-03T09:00:00.000Z" });
    const english = await pdfOf(`${level(id)}/certificate.pdf`, parentA.cookie);
    for (const text of [
      "Certificate of achievement",
      "Łukasz Muñoz",
      firstLevel.name,
      "February 2, 2026",
      "Instructor: Ivy Teacher",
      "Certificate number: 2026-00042",
    ]) {
      expect(english.text).toContain(text);
    }
    // The school is in the United States: Letter unless A4 is asked for; a certificate lies landscape.
    expect(english.pages).toEqual([{ width: 792, height: 612 }]);
    const a4 = await pdfOf(`${level(id)}/certificate.pdf?paper=a4`, parentA.cookie);
    expect(a4.pages).toEqual([{ width: 842, height: 595 }]);

    const spanish = await pdfOf(`${level(id)}/certificate.pdf`, spanishA.cookie);
    expect(spanish.text).toContain("Certificado de logro");
    expect(spanish.text).toContain(firstLevel.nameEs || firstLevel.name);
    expect(spanish.text).toContain("2 de febrero de 2026");

    const card = await pdfOf(`${level(id)}/report-card.pdf`, parentA.cookie);
    expect(card.text).toContain("Report card");
    expect(card.text).toContain("Łukasz Muñoz");
    expect(card.text).toContain("Mastered");
    expect(card.text).toContain("Instructor's comment: Floats calmly on her back");
    expect(card.pages[0]).toEqual({ width: 612, height: 792 });
  });

  it("of an old result do not change when the level is renamed or the rating scale gets a new version", async () => {
    const id = await passA({ publishedAt: "2026-02-03T09:00:00.000Z" });
    const before = {
      certificate: (await pdfOf(`${level(id)}/certificate.pdf`, parentA.cookie)).text,
      card: (await pdfOf(`${level(id)}/report-card.pdf`, parentA.cookie)).text,
    };
    const renamed = await call(t, "PATCH", `/api/curriculum/levels/${firstLevel.id}`, {
      cookie: owner.cookie,
      body: { name: "Renamed level" },
    });
    expect(renamed.status).toBe(200);
    const scale = await call(t, "POST", "/api/curriculum/scale", {
      cookie: owner.cookie,
      body: {
        ratings: [
          { label: "Not yet", mastered: false },
          { label: "Got it", mastered: true },
        ],
      },
    });
    expect(scale.status).toBe(201);
    try {
      const after = {
        certificate: (await pdfOf(`${level(id)}/certificate.pdf`, parentA.cookie)).text,
        card: (await pdfOf(`${level(id)}/report-card.pdf`, parentA.cookie)).text,
      };
      expect(after).toEqual(before);
      expect(after.certificate).not.toContain("Renamed level");
      expect(after.card).not.toContain("Got it");
    } finally {
      await call(t, "PATCH", `/api/curriculum/levels/${firstLevel.id}`, {
        cookie: owner.cookie,
        body: { name: firstLevel.name },
      });
    }
  });
});

describe("the share link", () => {
  const shared = (token: string, suffix = "") => `/api/shared-certificates/${token}${suffix}`;
  const tokenOf = (url: string) => url.split("/certificate/")[1] as string;

  it("shows the certificate and nothing else to anyone, until the family stops it", async () => {
    const id = await passA({ publishedAt: "2026-02-03T09:00:00.000Z" });
    const made = await call(t, "POST", `${level(id)}/share`, { cookie: parentA.cookie });
    expect(made.status).toBe(200);
    const { url } = (await made.json()) as ShareLinkResponse;
    expect(url).toMatch(/^http:\/\/localhost:3000\/certificate\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(url);
    // Only its hash is kept.
    const stored = await db
      .selectFrom("levelResult")
      .select("shareTokenHash")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored.shareTokenHash).not.toContain(token);
    expect(stored.shareTokenHash).toMatch(/^[0-9a-f]{64}$/);

    const page = await call(t, "GET", shared(token));
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    expect((await page.json()) as SharedCertificateResponse).toEqual({
      certificate: {
        swimmerName: "Łukasz Muñoz",
        level: { name: firstLevel.name, nameEs: firstLevel.nameEs },
        passedOn: "2026-02-02",
        school: expect.any(String),
        instructor: "Ivy Teacher",
        number: "2026-00042",
      },
    });
    const pdf = await pdfOf(shared(token, ".pdf"));
    expect(pdf.text).toContain("Łukasz Muñoz");
    expect(pdf.text).toContain(firstLevel.name);
    // The certificate only: no skill, no comment, nothing of the report card.
    expect(pdf.text).not.toContain("Floats calmly");
    expect(pdf.text).not.toContain("Mastered");

    const listed = await call(t, "GET", `/api/swimmers/${parentA.id}/level-results`, {
      cookie: parentA.cookie,
    });
    expect(((await listed.json()) as PassedLevelsResponse).levelResults[0]?.shared).toBe(true);

    const stopped = await call(t, "DELETE", `${level(id)}/share`, { cookie: parentA.cookie });
    expect(stopped.status).toBe(200);
    for (const path of [shared(token), shared(token, ".pdf")]) {
      const answer = await call(t, "GET", path);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({
        error: {
          code: "certificate-link-stopped",
          message: "This certificate link was stopped by the family.",
        },
      });
    }
    const spanish = await call(t, "GET", shared(token), { headers: { "accept-language": "es" } });
    expect(((await spanish.json()) as { error: { message: string } }).error.message).toBe(
      "La familia dejó de compartir este enlace del certificado.",
    );
  });

  it("is replaced by a new one: the old link stops", async () => {
    const id = await passA({ publishedAt: "2026-02-03T09:00:00.000Z" });
    const first = tokenOf(
      (
        (await (
          await call(t, "POST", `${level(id)}/share`, { cookie: parentA.cookie })
        ).json()) as ShareLinkResponse
      ).url,
    );
    const second = tokenOf(
      (
        (await (
          await call(t, "POST", `${level(id)}/share`, { cookie: spanishA.cookie })
        ).json()) as ShareLinkResponse
      ).url,
    );
    expect(second).not.toBe(first);
    expect((await call(t, "GET", shared(first))).status).toBe(404);
    expect((await call(t, "GET", shared(second))).status).toBe(200);
    expect((await call(t, "GET", shared("not-a-token"))).status).toBe(404);
  });

  it("is the family's to make or stop: guardians who see progress only", async () => {
    const id = await passA({ publishedAt: "2026-02-03T09:00:00.000Z" });
    for (const method of ["POST", "DELETE"]) {
      const statuses: Record<string, number> = {};
      for (const [name, who] of Object.entries({ owner, noProgressA, parentB, teacherA })) {
        statuses[name] = (await call(t, method, `${level(id)}/share`, { cookie: who.cookie })).status;
      }
      statuses.visitor = (await call(t, method, `${level(id)}/share`)).status;
      expect(statuses).toEqual({ owner: 403, noProgressA: 403, parentB: 403, teacherA: 403, visitor: 401 });
    }
    const row = await db
      .selectFrom("levelResult")
      .select(["shareTokenHash", "shareRevokedAt"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ shareTokenHash: null, shareRevokedAt: null });
  });
});

describe("a swimmer's passed levels", () => {
  it("are read by the owner, the swimmer's instructor and the guardians who see progress", async () => {
    await passA({ publishedAt: "2026-02-03T09:00:00.000Z" });
    const path = `/api/swimmers/${parentA.id}/level-results`;
    const statuses: Record<string, number> = {};
    for (const [name, who] of Object.entries({ owner, parentA, noProgressA, parentB, teacherA, teacherB })) {
      statuses[name] = (await call(t, "GET", path, { cookie: who.cookie })).status;
    }
    statuses.visitor = (await call(t, "GET", path)).status;
    expect(statuses).toEqual({
      owner: 200,
      parentA: 200,
      noProgressA: 403,
      parentB: 403,
      teacherA: 200,
      teacherB: 403,
      visitor: 401,
    });
    expect(
      (await call(t, "GET", "/api/swimmers/nobody/level-results", { cookie: owner.cookie })).status,
    ).toBe(404);
  });
});
