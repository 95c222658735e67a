import path from "node:path";
import { Hono } from "hono";
import { messages } from "../domain/messages.ts";
import { auditRoutes } from "./audit/routes.ts";
import { exposedAuthPaths } from "./auth/auth.ts";
import { passwordResetRoutes, sessionRoutes } from "./auth/routes.ts";
import { createSessionGuard } from "./auth/session.ts";
import { bookingRoutes, clientBookingRoutes } from "./bookings/routes.ts";
import { calendarFeedRoutes, publicCalendarFeedRoutes } from "./calendar-feed/routes.ts";
import { cancellationRoutes, schoolCancellationRoutes, weatherDayRoutes } from "./cancellation/routes.ts";
import {
  levelResultRoutes,
  sharedCertificateRoutes,
  swimmerLevelResultRoutes,
} from "./certificates/routes.ts";
import { clientRoutes } from "./clients/routes.ts";
import { publicUrl } from "./config.ts";
import { contactRoutes } from "./contact/routes.ts";
import { creditRoutes } from "./credits/routes.ts";
import { curriculumRoutes, swimmerLevelRoutes } from "./curriculum/routes.ts";
import { healthRoutes } from "./health/routes.ts";
import { householdExportRoutes } from "./household-export/routes.ts";
import { guardianRoutes, invitationAcceptRoutes } from "./households/invitations-routes.ts";
import { swimmerRoutes } from "./households/swimmers-routes.ts";
import type { AppEnv } from "./http/app-env.ts";
import { apiBodyLimitBytes, limitRequestBody } from "./http/body-limit.ts";
import { compressLargeAnswers } from "./http/compress.ts";
import { appError, errorResponse } from "./http/errors.ts";
import { requestContext } from "./http/request-context.ts";
import { sameOriginOnly } from "./http/same-origin.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { inLocale, readInRequestLocale, speakRequestLocale } from "./i18n/i18n.ts";
import { instructorRoutes } from "./instructors/routes.ts";
import { mailRoutes } from "./mail/routes.ts";
import { clientMediaRoutes, mediaAdminRoutes, mediaUploadPaths } from "./media/routes.ts";
import { newsletterRoutes } from "./newsletter/routes.ts";
import { overviewRoutes } from "./overview/routes.ts";
import { policyRoutes, policySettingsRoutes } from "./policy/routes.ts";
import { progressRoutes } from "./progress/routes.ts";
import { reminderSettingRoutes } from "./reminders/routes.ts";
import { exportRoutes, reportRoutes } from "./reports/routes.ts";
import { clientRescheduleRoutes, rescheduleRoutes, rescheduleSettingsRoutes } from "./reschedules/routes.ts";
import { settingsRoutes } from "./settings/routes.ts";
import { paymentRoutes, subscriptionRoutes } from "./subscriptions/routes.ts";
import { lessonRecordPaths, lessonRoutes, todayRoutes } from "./today/routes.ts";
import { signedInPageRenderer } from "./web/signed-in-pages.ts";
import { inlineStyleHashes, staticSite } from "./web/static-site.ts";
import type { Wiring } from "./wiring.ts";

export interface AppDeps extends Wiring {
  /** The built site (dist/client); the API alone when absent. */
  siteRoot?: string;
}

/** Builds the whole HTTP app from its parts. It does not listen: main.ts does, and tests call app.request(). */
export function createApp(deps: AppDeps) {
  readInRequestLocale();
  const { config, db, log, auth } = deps;

  const guard = createSessionGuard({ auth, db, clock: deps.clock });
  const accountDeps = { auth, db, clock: deps.clock, config };
  const notFound = () => {
    throw appError("not-found", 404, messages.notFound);
  };

  const api = new Hono<AppEnv>()
    .use(sameOriginOnly(new URL(publicUrl(config)).origin))
    .route(
      "/contact",
      contactRoutes({
        db,
        outbox: deps.outbox,
        clock: deps.clock,
        rateLimiter: deps.rateLimiter,
        schoolInbox: async () => config.SCHOOL_INBOX || (await deps.settings.current()).settings.email,
        mailConfigured: Boolean(config.SMTP_URL),
        limit: config.CONTACT_RATE_LIMIT,
        windowSeconds: config.CONTACT_RATE_WINDOW_SECONDS,
      }),
    )
    .route("/session", sessionRoutes({ ...accountDeps, guard }))
    .route(
      "/password-reset",
      passwordResetRoutes({
        ...accountDeps,
        rateLimiter: deps.rateLimiter,
        limit: config.PASSWORD_RESET_RATE_LIMIT,
        windowSeconds: config.PASSWORD_RESET_RATE_WINDOW_SECONDS,
      }),
    )
    .route(
      "/clients",
      clientRoutes({ db, auth, clock: deps.clock, config, guard, clientDeletion: deps.clientDeletion }),
    )
    .route("/clients", clientMediaRoutes({ ...deps, guard }))
    .route("/clients", clientBookingRoutes({ ...deps, guard }))
    .route("/clients", progressRoutes({ ...deps, guard }))
    .route("/clients", reminderSettingRoutes({ ...deps, guard }))
    .route("/clients", calendarFeedRoutes({ ...deps, guard }))
    .route("/clients", guardianRoutes({ ...deps, guard }))
    .route("/guardian-invitations", invitationAcceptRoutes(deps))
    .route("/clients", swimmerRoutes({ ...deps, guard }))
    .route("/clients", creditRoutes({ ...deps, guard }))
    .route("/clients", cancellationRoutes({ ...deps, guard }))
    .route("/clients", clientRescheduleRoutes({ ...deps, guard }))
    .route("/reschedules", rescheduleRoutes({ ...deps, guard }))
    .route("/clients", householdExportRoutes({ ...deps, guard }))
    .route("/bookings", bookingRoutes({ ...deps, guard }))
    .route("/instructors", instructorRoutes({ db, auth, clock: deps.clock, config, guard }))
    .route("/curriculum", curriculumRoutes({ ...deps, guard }))
    .route("/swimmers", swimmerLevelRoutes({ ...deps, guard }))
    .route("/level-results", levelResultRoutes({ ...deps, guard }))
    .route("/swimmers", swimmerLevelResultRoutes({ ...deps, guard }))
    .route("/shared-certificates", sharedCertificateRoutes(deps))
    .route("/today", todayRoutes({ ...deps, guard }))
    .route("/lessons", lessonRoutes({ ...deps, guard }))
    .route("/lessons", schoolCancellationRoutes({ ...deps, guard }))
    .route("/weather-day", weatherDayRoutes({ ...deps, guard }))
    .route("/calendar-feed", publicCalendarFeedRoutes({ ...deps, guard }))
    .route("/media", mediaAdminRoutes({ ...deps, guard }))
    .route("/audit-log", auditRoutes({ ...deps, guard }))
    .route("/overview", overviewRoutes({ ...deps, guard }))
    .route("/reports", reportRoutes({ ...deps, guard }))
    .route("/exports", exportRoutes({ ...deps, guard }))
    .route("/mail", mailRoutes({ outbox: deps.outbox, guard }))
    .route("/subscriptions", subscriptionRoutes({ ...deps, guard }))
    .route("/payments", paymentRoutes({ ...deps, guard }))
    .route("/settings", settingsRoutes({ settings: deps.settings, guard }))
    .route("/settings/policy", policySettingsRoutes({ ...deps, guard }))
    .route("/settings/reschedules", rescheduleSettingsRoutes({ ...deps, guard }))
    .route("/policy", policyRoutes({ ...deps, guard }))
    .route(
      "/newsletter",
      newsletterRoutes({
        db,
        outbox: deps.outbox,
        clock: deps.clock,
        guard,
        rateLimiter: deps.rateLimiter,
        publicUrl: publicUrl(config),
        secret: config.BETTER_AUTH_SECRET,
        mailConfigured: Boolean(config.SMTP_URL),
        // The same per-address limit as contact (its own count): one knob for the public forms.
        limit: config.CONTACT_RATE_LIMIT,
        windowSeconds: config.CONTACT_RATE_WINDOW_SECONDS,
      }),
    )
    .on(["GET", "POST"], "/auth/*", (c) =>
      (exposedAuthPaths as readonly string[]).includes(c.req.path) ? auth.handler(c.req.raw) : notFound(),
    )
    .all("*", notFound);

  const app = new Hono<AppEnv>()
    .use(requestContext(log, config.TRUST_PROXY))
    .use(speakRequestLocale)
    // School settings, read at most every 2 s (cached): what this request's pages, CSP and mails show. Not for the
    // health check, which answers by its own deadline whatever the database does.
    .use(async (c, next) => {
      if (c.req.path !== "/healthz") await deps.settings.current();
      await next();
    })
    .use(
      // The only third-party frames: the reels and the contract form, as School settings has them now.
      securityHeaders(() => deps.settings.embedOrigins(), {
        https: publicUrl(config).startsWith("https:"),
        // The public pages carry their stylesheet inline (scripts/prerender.ts): allowed by its hash only.
        styleHashes: deps.siteRoot ? inlineStyleHashes(deps.siteRoot) : [],
      }),
    )
    .use(compressLargeAnswers())
    // Uploads (media) and lesson saves with photos (/today) stream in under their own limits (their routes.ts).
    // The Stripe webhook reads its raw body (the signature covers those bytes) under its own limit.
    .use(
      "/api/*",
      limitRequestBody(apiBodyLimitBytes, {
        exceptUnder: ["/api/payments/stripe/webhook", ...mediaUploadPaths, ...lessonRecordPaths],
      }),
    )
    .route("/healthz", healthRoutes(db, { redisReady: deps.redisReady, clock: deps.clock }))
    .route("/api", api);

  if (deps.siteRoot)
    app.route(
      "/",
      staticSite(deps.siteRoot, {
        publicUrl: publicUrl(config),
        settings: () => deps.settings.current(),
        renderSignedIn: signedInPageRenderer(
          path.join(deps.siteRoot, "..", "render", "entry-server.js"),
          (address, init, env) => app.request(address, init, env as object),
          log,
        ),
      }),
    );
  app.onError((error, c) => inLocale(c.get("locale") ?? "en", () => errorResponse(c, error)));
  return app;
}

export type App = ReturnType<typeof createApp>;
