import { type Context, Hono } from "hono";
import type { MessageResponse } from "../../domain/api.ts";
import {
  type ApproveCertificateResponse,
  type CertificateReviewResponse,
  certificateMessages,
  type PassedLevelsResponse,
  type SharedCertificateResponse,
  type ShareLinkResponse,
  schoolPaper,
} from "../../domain/certificates.ts";
import { paperQuerySchema } from "../../domain/certificates-schemas.ts";
import { rowIdParam } from "../../domain/query.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { parseQuery } from "../http/validate.ts";
import {
  approveLevelResult,
  type CertificateDeps,
  certificateReview,
  levelResultPdf,
  type PdfFile,
  passedLevelsOf,
  shareCertificate,
  sharedCertificate,
  sharedCertificatePdf,
  stopSharing,
} from "./service.ts";

const levelResultIdSchema = rowIdParam(() => certificateMessages.levelResultNotFound);

function levelResultId(c: Context): number {
  const parsed = levelResultIdSchema.safeParse(c.req.param("id"));
  if (!parsed.success) throw appError("level-result-not-found", 404, certificateMessages.levelResultNotFound);
  return parsed.data;
}

const paperOf = (c: Context) => parseQuery(c, paperQuerySchema).paper ?? schoolPaper;

const pdfAnswer = (c: Context, file: PdfFile) =>
  c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${file.filename}"`,
    "Cache-Control": "private, no-store",
  });

/**
 * /api/level-results (issue 28, docs/decisions/027): the owner's review of drafts and approval; each result's
 * certificate and report card as PDF (the owner; an instructor of the swimmer; the family's guardians who see
 * progress, once published); the family's share link of the certificate.
 */
export function levelResultRoutes(deps: CertificateDeps & { guard: SessionGuard }) {
  const { requireAdmin, requireRole, requireClient } = deps.guard;
  const reader = requireRole("admin", "instructor", "client");
  return new Hono<AppEnv>()
    .get("/", requireAdmin, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json<CertificateReviewResponse>(await certificateReview(deps));
    })
    .post("/:id/approve", requireAdmin, async (c) => {
      const id = levelResultId(c);
      return c.json<ApproveCertificateResponse>(await approveLevelResult(deps, id, c.get("signedIn").userId));
    })
    .get("/:id/certificate.pdf", reader, async (c) => {
      const id = levelResultId(c);
      return pdfAnswer(c, await levelResultPdf(deps, c.get("signedIn"), id, "certificate", paperOf(c)));
    })
    .get("/:id/report-card.pdf", reader, async (c) => {
      const id = levelResultId(c);
      return pdfAnswer(c, await levelResultPdf(deps, c.get("signedIn"), id, "report-card", paperOf(c)));
    })
    .post("/:id/share", requireClient, async (c) => {
      const id = levelResultId(c);
      c.header("Cache-Control", "no-store");
      return c.json<ShareLinkResponse>(await shareCertificate(deps, c.get("signedIn"), id));
    })
    .delete("/:id/share", requireClient, async (c) => {
      const id = levelResultId(c);
      return c.json<MessageResponse>(await stopSharing(deps, c.get("signedIn"), id));
    });
}

/** /api/swimmers/:swimmerId/level-results: a swimmer's published levels, for Class Progress. */
export function swimmerLevelResultRoutes(deps: CertificateDeps & { guard: SessionGuard }) {
  const reader = deps.guard.requireRole("admin", "instructor", "client");
  return new Hono<AppEnv>().get("/:swimmerId/level-results", reader, async (c) => {
    const swimmerId = c.req.param("swimmerId");
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(swimmerId)) {
      throw appError("swimmer-not-found", 404, certificateMessages.swimmerNotFound);
    }
    c.header("Cache-Control", "private, no-store");
    return c.json<PassedLevelsResponse>(await passedLevelsOf(deps, c.get("signedIn"), swimmerId));
  });
}

/**
 * /api/shared-certificates/<token> (the certificate's facts for the signed-out page) and <token>.pdf: no session,
 * the unguessable token is the key. Never cached on the way, never indexed, and once the family stops sharing both
 * answer only that.
 */
export function sharedCertificateRoutes(deps: CertificateDeps) {
  return new Hono<AppEnv>().get("/:file", async (c) => {
    c.header("Cache-Control", "private, no-store");
    c.header("X-Robots-Tag", "noindex");
    const file = c.req.param("file");
    if (file.endsWith(".pdf")) {
      return pdfAnswer(c, await sharedCertificatePdf(deps, file.slice(0, -4), c.get("locale"), paperOf(c)));
    }
    return c.json<SharedCertificateResponse>(await sharedCertificate(deps, file));
  });
}
