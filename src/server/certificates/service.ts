import { createHash, randomBytes } from "node:crypto";
import content from "../../content/site.json" with { type: "json" };
import type { MessageResponse } from "../../domain/api.ts";
import {
  type ApproveCertificateResponse,
  type CertificateReview,
  type CertificateReviewResponse,
  certificateMessages,
  instructorIdOf,
  type Paper,
  type PassedLevelsResponse,
  type SharedCertificateResponse,
  type ShareLinkResponse,
  shareTokenPattern,
} from "../../domain/certificates.ts";
import type { ReportCard } from "../../domain/curriculum.ts";
import type { Locale } from "../../domain/locale.ts";
import { messages } from "../../domain/messages.ts";
import { sharedCertificatePath } from "../../domain/paths.ts";
import { recordAudit } from "../audit/service.ts";
import type { SignedIn } from "../auth/session.ts";
import { publicUrl } from "../config.ts";
import { appError } from "../http/errors.ts";
import { teachesSwimmer } from "../instructors/service.ts";
import type { Wiring } from "../wiring.ts";
import { type CertificateContent, certificatePdf, reportCardPdf } from "./pdf.ts";
import { approveAndPublish, deliverPassMail, passedOnOf } from "./publish.ts";
import {
  findByShareTokenHash,
  findLevelResult,
  householdOfSwimmer,
  type LevelResultRow,
  latestPublishedResults,
  publishedResultsOfSwimmer,
  revokeShare,
  setShareTokenHash,
  userNames,
  waitingResults,
} from "./repository.ts";

export type CertificateDeps = Pick<Wiring, "db" | "clock" | "config" | "outbox" | "log">;

/** How many published certificates /certificates lists under the drafts. */
export const publishedShown = 50;

const notFound = () => appError("level-result-not-found", 404, certificateMessages.levelResultNotFound);
const denied = () => appError("permission-denied", 403, messages.permissionDenied);
const cardOf = (row: LevelResultRow) => JSON.parse(row.reportCard) as ReportCard;
const nameOf = (first: string, last: string) => `${first} ${last}`.trim();
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const sharing = (row: LevelResultRow) => row.shareTokenHash !== null && row.shareRevokedAt === null;

async function instructorNames(deps: CertificateDeps, rows: readonly LevelResultRow[]) {
  const ids = rows.map((row) => instructorIdOf(cardOf(row))).filter((id): id is string => id !== null);
  return userNames(deps.db, ids);
}

async function reviewsOf(
  deps: CertificateDeps,
  rows: readonly LevelResultRow[],
): Promise<CertificateReview[]> {
  const names = await instructorNames(deps, rows);
  return rows.map((row) => {
    const card = cardOf(row);
    const instructorId = instructorIdOf(card);
    return {
      id: row.id,
      swimmer: { id: row.swimmerId, name: nameOf(row.swimmerFirstName, row.swimmerLastName) },
      household: { id: row.clientId, name: nameOf(row.householdFirstName, row.householdLastName) },
      level: { name: card.level.name, nameEs: card.level.nameEs },
      passedOn: passedOnOf(row.passedAt, deps.config.TZ_SCHOOL),
      certificateNumber: row.certificateNumber,
      instructor: (instructorId && names.get(instructorId)) || null,
      skills: card.skills,
      approvedAt: row.approvedAt,
      publishedAt: row.publishedAt,
    };
  });
}

/** /certificates: the drafts waiting for the owner, then the latest published. */
export async function certificateReview(deps: CertificateDeps): Promise<CertificateReviewResponse> {
  const [waiting, published] = await Promise.all([
    waitingResults(deps.db),
    latestPublishedResults(deps.db, publishedShown),
  ]);
  return { waiting: await reviewsOf(deps, waiting), published: await reviewsOf(deps, published) };
}

/** The owner approves a draft: published at once, each family's guardians who see progress mailed. */
export async function approveLevelResult(
  deps: CertificateDeps,
  id: number,
  ownerId: string,
): Promise<ApproveCertificateResponse> {
  const mailIds = await deps.db.transaction().execute(async (trx) => {
    const row = await findLevelResult(trx, id);
    if (!row) throw notFound();
    if (row.publishedAt !== null) {
      throw appError("already-published", 409, certificateMessages.alreadyPublished);
    }
    const published = await approveAndPublish(trx, deps, [id], deps.clock.now(), ownerId);
    await recordAudit(trx, {
      kind: "level-result",
      id,
      action: "approved",
      householdId: row.clientId,
      after: await findLevelResult(trx, id),
    });
    return published.mailIds;
  });
  await deliverPassMail(deps, mailIds);
  const row = await findLevelResult(deps.db, id);
  if (!row) throw notFound();
  const [levelResult] = await reviewsOf(deps, [row]);
  return { levelResult: levelResult as CertificateReview, message: certificateMessages.approved };
}

/**
 * Who may read a level result and its PDFs: the owner, any; an instructor who teaches the swimmer; a guardian of
 * the swimmer's household allowed to see progress, once it is published (a draft is not theirs yet: 404).
 */
async function readable(deps: CertificateDeps, who: SignedIn, id: number): Promise<LevelResultRow> {
  const row = await findLevelResult(deps.db, id);
  if (!row) throw notFound();
  if (who.role === "admin") return row;
  if (who.role === "instructor") {
    if (await teachesSwimmer(deps.db, who.userId, row.swimmerId)) return row;
    throw denied();
  }
  if (who.guardianOf?.householdId !== row.clientId || !who.guardianOf.permissions.progress) throw denied();
  if (row.publishedAt === null) throw notFound();
  return row;
}

/** Only the family shares: a guardian of the household allowed to see progress, of a published certificate. */
async function shareable(deps: CertificateDeps, who: SignedIn, id: number): Promise<LevelResultRow> {
  if (who.role !== "client") throw denied();
  return readable(deps, who, id);
}

async function contentOf(deps: CertificateDeps, row: LevelResultRow): Promise<CertificateContent> {
  const card = cardOf(row);
  const instructorId = instructorIdOf(card);
  const names = await userNames(deps.db, instructorId ? [instructorId] : []);
  return {
    school: content.school.name,
    swimmerName: nameOf(row.swimmerFirstName, row.swimmerLastName),
    level: { name: card.level.name, nameEs: card.level.nameEs },
    passedOn: passedOnOf(row.passedAt, deps.config.TZ_SCHOOL),
    instructor: (instructorId && names.get(instructorId)) || null,
    number: row.certificateNumber,
  };
}

export interface PdfFile {
  bytes: Uint8Array;
  filename: string;
}

/** A level result's certificate or report card, in the reader's language, on `paper`. */
export async function levelResultPdf(
  deps: CertificateDeps,
  who: SignedIn,
  id: number,
  document: "certificate" | "report-card",
  paper: Paper,
): Promise<PdfFile> {
  const row = await readable(deps, who, id);
  const facts = await contentOf(deps, row);
  const filename = `${document}-${row.certificateNumber ?? row.id}.pdf`;
  if (document === "certificate") return { bytes: await certificatePdf(facts, who.locale, paper), filename };
  return {
    bytes: await reportCardPdf({ ...facts, skills: cardOf(row).skills }, who.locale, paper),
    filename,
  };
}

/** A swimmer's published levels, for their family's Class Progress (and the staff who may read them). */
export async function passedLevelsOf(
  deps: CertificateDeps,
  who: SignedIn,
  swimmerId: string,
): Promise<PassedLevelsResponse> {
  const clientId = await householdOfSwimmer(deps.db, swimmerId);
  if (!clientId) throw appError("swimmer-not-found", 404, certificateMessages.swimmerNotFound);
  if (who.role === "instructor") {
    if (!(await teachesSwimmer(deps.db, who.userId, swimmerId))) throw denied();
  } else if (who.role !== "admin") {
    if (who.guardianOf?.householdId !== clientId || !who.guardianOf.permissions.progress) throw denied();
  }
  const rows = await publishedResultsOfSwimmer(deps.db, swimmerId);
  return {
    levelResults: rows.map((row) => {
      const card = cardOf(row);
      return {
        id: row.id,
        swimmerId: row.swimmerId,
        level: { name: card.level.name, nameEs: card.level.nameEs },
        passedOn: passedOnOf(row.passedAt, deps.config.TZ_SCHOOL),
        certificateNumber: row.certificateNumber,
        shared: sharing(row),
      };
    }),
  };
}

/**
 * A new share link for the certificate: 32 random bytes, of which only the SHA-256 is kept; it replaces the last
 * link, which stops working.
 */
export async function shareCertificate(
  deps: CertificateDeps,
  who: SignedIn,
  id: number,
): Promise<ShareLinkResponse> {
  const row = await shareable(deps, who, id);
  const token = randomBytes(32).toString("base64url");
  await setShareTokenHash(deps.db, row.id, hashOf(token));
  return {
    url: `${publicUrl(deps.config)}${sharedCertificatePath(token)}`,
    message: certificateMessages.shareMade,
  };
}

export async function stopSharing(
  deps: CertificateDeps,
  who: SignedIn,
  id: number,
): Promise<MessageResponse> {
  const row = await shareable(deps, who, id);
  await revokeShare(deps.db, row.id, deps.clock.now().toISOString());
  return { message: certificateMessages.shareStoppedDone };
}

/**
 * The certificate a share link names, or a 404 that says only that the link was stopped (or never was one): no
 * other fact about the family leaks through a link.
 */
async function sharedRow(deps: CertificateDeps, token: string): Promise<LevelResultRow> {
  const unknown = () => appError("certificate-link-unknown", 404, certificateMessages.linkUnknown);
  if (!shareTokenPattern.test(token)) throw unknown();
  const row = await findByShareTokenHash(deps.db, hashOf(token));
  if (!row || row.publishedAt === null) throw unknown();
  if (row.shareRevokedAt !== null) {
    throw appError("certificate-link-stopped", 404, certificateMessages.linkStopped);
  }
  return row;
}

export async function sharedCertificate(
  deps: CertificateDeps,
  token: string,
): Promise<SharedCertificateResponse> {
  const facts = await contentOf(deps, await sharedRow(deps, token));
  return { certificate: { ...facts } };
}

export async function sharedCertificatePdf(
  deps: CertificateDeps,
  token: string,
  locale: Locale,
  paper: Paper,
): Promise<PdfFile> {
  const row = await sharedRow(deps, token);
  return {
    bytes: await certificatePdf(await contentOf(deps, row), locale, paper),
    filename: `certificate-${row.certificateNumber ?? row.id}.pdf`,
  };
}
