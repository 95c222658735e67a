import type { ReportCard } from "./curriculum.ts";
import { localeTags } from "./locale.ts";
import { translate } from "./translate.ts";

/**
 * Certificates and report cards of the levels swimmers pass (issue 28, docs/decisions/027): the owner approves a
 * draft (or School settings publishes at once), the family downloads both as PDF and may share the certificate
 * through a link that shows the certificate and nothing else, until they stop it. Shapes and words for both sides.
 */

export const paperSizes = ["a4", "letter"] as const;
export type Paper = (typeof paperSizes)[number];

/** Where US Letter is the paper in the drawer: the Americas that print on it. A4 everywhere else. */
const letterRegions = new Set(["US", "CA", "MX", "PH", "CL", "CO", "VE", "GT", "CR", "PA", "DO", "SV", "PR"]);

/** The paper a locale's printers hold: "en-US" → Letter, "es-ES" → A4; no region → A4. */
export function paperOfLocale(tag: string): Paper {
  const region = tag.split("-")[1]?.toUpperCase();
  return region && letterRegions.has(region) ? "letter" : "a4";
}

/** The school's paper: its locale is en-US (spec §9, domain/locale.ts), so Letter unless a link asks for A4. */
export const schoolPaper: Paper = paperOfLocale(localeTags.en);

/** A share link's token: 32 random bytes in base64url, 43 characters. */
export const shareTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * The instructor named on a certificate: who wrote the latest rating on its report card (the assessment that made
 * the pass), or null when no rating names anyone.
 */
export function instructorIdOf(card: ReportCard): string | null {
  let latest: { at: string; by: string } | null = null;
  for (const skill of card.skills) {
    const rating = skill.rating;
    if (rating?.byUserId && (!latest || rating.at > latest.at))
      latest = { at: rating.at, by: rating.byUserId };
  }
  return latest?.by ?? null;
}

/** A level a swimmer passed, as the family's Class Progress lists it (published only). */
export interface PassedLevel {
  id: number;
  swimmerId: string;
  level: { name: string; nameEs: string };
  /** The school's day the level was passed (YYYY-MM-DD). */
  passedOn: string;
  certificateNumber: string | null;
  /** A share link works now (made and not stopped). */
  shared: boolean;
}

/** GET /api/swimmers/:swimmerId/level-results */
export interface PassedLevelsResponse {
  levelResults: PassedLevel[];
}

/** A level result as the owner reviews it on /certificates. */
export interface CertificateReview {
  id: number;
  swimmer: { id: string; name: string };
  household: { id: string; name: string };
  level: { name: string; nameEs: string };
  passedOn: string;
  certificateNumber: string | null;
  /** The instructor's name (instructorIdOf), or null. */
  instructor: string | null;
  skills: ReportCard["skills"];
  approvedAt: string | null;
  publishedAt: string | null;
}

/** GET /api/level-results: drafts waiting for the owner (oldest first), and the latest published. */
export interface CertificateReviewResponse {
  waiting: CertificateReview[];
  published: CertificateReview[];
}

/** POST /api/level-results/:id/approve */
export interface ApproveCertificateResponse {
  levelResult: CertificateReview;
  message: string;
}

/** POST /api/level-results/:id/share: the link, shown once (only its hash is kept). */
export interface ShareLinkResponse {
  url: string;
  message: string;
}

/** GET /api/shared-certificates/:token: the certificate and nothing else. */
export interface SharedCertificateResponse {
  certificate: {
    swimmerName: string;
    level: { name: string; nameEs: string };
    passedOn: string;
    school: string;
    instructor: string | null;
    number: string | null;
  };
}

/** The PDFs of a level result; `paper` unset: the school's. */
export const levelResultPdfPath = (id: number, document: "certificate" | "report-card", paper?: Paper) =>
  `/api/level-results/${id}/${document}.pdf${paper ? `?${new URLSearchParams({ paper })}` : ""}`;
export const sharedCertificatePdfPath = (token: string) => `/api/shared-certificates/${token}.pdf`;

export const certificateMessages = {
  get levelResultNotFound() {
    return translate(
      /*i18n*/ { id: "certificates.levelResultNotFound", message: "This certificate does not exist." },
    );
  },
  get swimmerNotFound() {
    return translate(
      /*i18n*/ { id: "certificates.swimmerNotFound", message: "This swimmer does not exist." },
    );
  },
  get linkStopped() {
    return translate(
      /*i18n*/ {
        id: "certificates.linkStopped",
        message: "This certificate link was stopped by the family.",
      },
    );
  },
  get linkUnknown() {
    return translate(
      /*i18n*/ {
        id: "certificates.linkUnknown",
        message: "There is no certificate at this link. Check that the whole address was copied.",
      },
    );
  },
  get approved() {
    return translate(
      /*i18n*/ {
        id: "certificates.approved",
        message: "Approved and published: the family can download it now and gets a mail.",
      },
    );
  },
  get alreadyPublished() {
    return translate(
      /*i18n*/ { id: "certificates.alreadyPublished", message: "This certificate was already published." },
    );
  },
  get shareMade() {
    return translate(
      /*i18n*/ {
        id: "certificates.shareMade",
        message: "Share link made. Anyone with it sees this certificate, until you stop sharing.",
      },
    );
  },
  get shareStoppedDone() {
    return translate(
      /*i18n*/ { id: "certificates.shareStoppedDone", message: "Sharing stopped: the link no longer works." },
    );
  },
  get paperInvalid() {
    return translate(
      /*i18n*/ { id: "certificates.paperInvalid", message: "Choose the paper: a4 or letter." },
    );
  },
};
