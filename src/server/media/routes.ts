import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  type GalleryItem,
  type GalleryUploadResponse,
  galleryMediaTypes,
  type MediaDeleteResponse,
  type MediaPage,
  type Milestone,
  type MilestoneUploadResponse,
  maxUploadBytes,
} from "../../domain/media.ts";
import {
  galleryDateSchema,
  galleryListQuerySchema,
  milestoneListQuerySchema,
  videoLinkSchema,
} from "../../domain/media-schemas.ts";
import { mediaMessages } from "../../domain/messages.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { limitRequestBody } from "../http/body-limit.ts";
import { AppError, appError } from "../http/errors.ts";
import { httpMessages } from "../http/http-messages.ts";
import { parseQuery } from "../http/validate.ts";
import type { StoredFile } from "../ports/media/media-store.ts";
import {
  addGalleryVideo,
  deleteGalleryItem,
  deleteMilestone,
  galleryPage,
  type MediaDeps,
  milestonePage,
  pictureFile,
  uploadGalleryImage,
  uploadMilestone,
} from "./service.ts";

/** The upload paths: app.ts leaves them out of the API's JSON body limit, since they have their own. */
export const mediaUploadPaths = ["/api/media/milestones", "/api/media/gallery"] as const;

/** Room for the form's other fields and multipart boundaries beside a file of `maxUploadBytes`. */
const formAllowance = 64 * 1024;

/**
 * The upload's own limit, counted as the body streams in: over it the answer is 413 with our words, the rest of
 * the body is not read and nothing is kept. The file inside is checked against `maxUploadBytes` itself.
 */
const uploadBodyLimit = limitRequestBody(maxUploadBytes + formAllowance);
const limitUpload: MiddlewareHandler<AppEnv> = async (c, next) => {
  try {
    await uploadBodyLimit(c, next);
  } catch (error) {
    if (error instanceof AppError && error.code === "payload-too-large") throw fileTooLarge();
    throw error;
  }
};

const fileTooLarge = () => appError("payload-too-large", 413, mediaMessages.tooLarge, { field: "file" });

/** better-auth's ids and ours: letters, digits, `_` and `-`. */
const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

function idParam(c: Context, name: string): string {
  const parsed = idSchema.safeParse(c.req.param(name));
  if (!parsed.success) throw appError("media-not-found", 404, mediaMessages.mediaNotFound);
  return parsed.data;
}

interface UploadForm {
  text(name: string): string;
  /** The uploaded file's bytes, or null when none (or an empty one) was sent. */
  file(): Promise<Uint8Array | null>;
}

async function readForm(c: Context): Promise<UploadForm> {
  let body: Record<string, string | File>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw appError("validation", 400, httpMessages.bodyNotMultipart);
  }
  return {
    text: (name) => {
      const value = body[name];
      return typeof value === "string" ? value.trim() : "";
    },
    async file() {
      const file = body.file;
      if (!(file instanceof File) || file.size === 0) return null;
      if (file.size > maxUploadBytes) throw fileTooLarge();
      return new Uint8Array(await file.arrayBuffer());
    },
  };
}

function clientIdOf(form: UploadForm, missing: string): string {
  const clientId = form.text("clientId");
  if (!clientId) throw appError("validation", 400, missing, { field: "clientId" });
  if (!idSchema.safeParse(clientId).success) {
    throw appError("validation", 400, httpMessages.invalidClientId, { field: "clientId" });
  }
  return clientId;
}

/** The swimmer the form names (a household of several); none: the household's first. */
function swimmerOf(form: UploadForm): string | undefined {
  const swimmer = form.text("swimmerId");
  if (!swimmer) return undefined;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(swimmer)) {
    throw appError("validation", 400, mediaMessages.swimmerInvalid, { field: "swimmerId" });
  }
  return swimmer;
}

/** A YYYY-MM-DD that is a real day (the date input never sends 2026-02-31, but a caller might). */
function galleryDateOf(form: UploadForm): string {
  const parsed = galleryDateSchema.safeParse(form.text("date"));
  const day = parsed.success ? new Date(`${parsed.data}T00:00:00Z`) : null;
  if (
    !parsed.success ||
    !day ||
    Number.isNaN(day.getTime()) ||
    day.toISOString().slice(0, 10) !== parsed.data
  ) {
    throw appError("validation", 400, mediaMessages.galleryMissing, { field: "date" });
  }
  return parsed.data;
}

/** /api/media: the admin's uploads and deletions (spec §2 /admin-milestones, /admin-gallery). */
export function mediaAdminRoutes(deps: MediaDeps & { guard: SessionGuard }) {
  const { requireAdmin } = deps.guard;
  return new Hono<AppEnv>()
    .post("/milestones", requireAdmin, limitUpload, async (c) => {
      const form = await readForm(c);
      const clientId = clientIdOf(form, mediaMessages.milestoneMissing);
      const bytes = await form.file();
      if (!bytes) throw appError("validation", 400, mediaMessages.milestoneMissing, { field: "file" });
      const milestone = await uploadMilestone(deps, clientId, bytes, swimmerOf(form));
      return c.json<MilestoneUploadResponse, 201>(
        { milestone, message: mediaMessages.milestoneUploaded },
        201,
      );
    })
    .post("/gallery", requireAdmin, limitUpload, async (c) => {
      const form = await readForm(c);
      const clientId = clientIdOf(form, mediaMessages.galleryMissing);
      if (!form.text("date"))
        throw appError("validation", 400, mediaMessages.galleryMissing, { field: "date" });
      const date = galleryDateOf(form);
      const mediaType = z.enum(galleryMediaTypes).safeParse(form.text("mediaType"));
      if (!mediaType.success) {
        throw appError("validation", 400, httpMessages.mediaTypeInvalid, { field: "mediaType" });
      }
      if (mediaType.data === "video") {
        const link = videoLinkSchema.safeParse(form.text("videoLink"));
        if (!link.success) {
          const message = link.error.issues[0]?.message ?? mediaMessages.galleryVideoMissing;
          throw appError("validation", 400, message, { field: "videoLink" });
        }
        const item = await addGalleryVideo(deps, clientId, date, link.data, swimmerOf(form));
        return c.json<GalleryUploadResponse, 201>({ item, message: mediaMessages.galleryVideoUploaded }, 201);
      }
      const bytes = await form.file();
      if (!bytes) throw appError("validation", 400, mediaMessages.galleryImageMissing, { field: "file" });
      const item = await uploadGalleryImage(deps, clientId, date, bytes, swimmerOf(form));
      return c.json<GalleryUploadResponse, 201>({ item, message: mediaMessages.galleryImageUploaded }, 201);
    })
    .delete("/milestones/:id", requireAdmin, async (c) => {
      await deleteMilestone(deps, idParam(c, "id"));
      return c.json<MediaDeleteResponse>({ message: mediaMessages.deleted });
    })
    .delete("/gallery/:id", requireAdmin, async (c) => {
      await deleteGalleryItem(deps, idParam(c, "id"));
      return c.json<MediaDeleteResponse>({ message: mediaMessages.deleted });
    });
}

/** The name a browser saves the picture under (spec §2: a swim milestone jpg, a swim image jpg). */
const downloadNames = { milestone: "swim-milestone.jpg", gallery: "swim-image.jpg" } as const;

/** A stored picture as every private picture address answers it (the client's pages, /today's lesson photos). */
export function pictureAnswer(c: Context, picture: { kind: "milestone" | "gallery"; file: StoredFile }) {
  const { kind, file } = picture;
  return c.body(file.body, 200, {
    "Content-Type": "image/jpeg",
    "Content-Length": String(file.size),
    // A child's photo: kept by this browser only, never by a proxy or CDN. The file behind an id never changes.
    "Cache-Control": "private, max-age=3600, immutable",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Disposition": `inline; filename="${downloadNames[kind]}"`,
  });
}

/**
 * /api/clients/:clientId/…: one client's milestones, gallery and picture files, for that client and admins
 * (the ownership guard runs before any row is read). Filtering and paging happen here, not in the browser.
 */
export function clientMediaRoutes(deps: MediaDeps & { guard: SessionGuard }) {
  const access = deps.guard.requireClientAccess("clientId", "progress");

  const serve = (variant: "full" | "thumb") => async (c: Context<AppEnv>) =>
    pictureAnswer(c, await pictureFile(deps, idParam(c, "clientId"), idParam(c, "mediaId"), variant));

  return new Hono<AppEnv>()
    .get("/:clientId/milestones", access, async (c) => {
      const page = await milestonePage(deps, idParam(c, "clientId"), parseQuery(c, milestoneListQuerySchema));
      c.header("Cache-Control", "private, no-store");
      return c.json<MediaPage<Milestone>>(page);
    })
    .get("/:clientId/gallery", access, async (c) => {
      const page = await galleryPage(deps, idParam(c, "clientId"), parseQuery(c, galleryListQuerySchema));
      c.header("Cache-Control", "private, no-store");
      return c.json<MediaPage<GalleryItem>>(page);
    })
    .get("/:clientId/media/:mediaId/full", access, serve("full"))
    .get("/:clientId/media/:mediaId/thumb", access, serve("thumb"));
}
