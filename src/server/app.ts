import { Hono } from "hono";
import { compress } from "hono/compress";
import content from "../content/site.json" with { type: "json" };
import { type Auth, createAuth, exposedAuthPaths } from "./auth/auth.ts";
import { passwordResetRoutes, sessionRoutes } from "./auth/routes.ts";
import { createSessionGuard } from "./auth/session.ts";
import { clientRoutes } from "./clients/routes.ts";
import type { Clock } from "./clock.ts";
import { type Config, publicUrl } from "./config.ts";
import { contactRoutes } from "./contact/routes.ts";
import type { Db } from "./db/database.ts";
import { healthRoutes } from "./health/routes.ts";
import type { AppEnv } from "./http/app-env.ts";
import { appError, errorResponse } from "./http/errors.ts";
import type { Log } from "./http/log.ts";
import { requestContext } from "./http/request-context.ts";
import { sameOriginOnly } from "./http/same-origin.ts";
import { securityHeaders } from "./http/security-headers.ts";
import type { Outbox } from "./ports/mail/outbox.ts";
import type { RateLimiter } from "./ports/rate-limit/rate-limiter.ts";
import { staticSite } from "./web/static-site.ts";

export interface AppDeps {
  config: Config;
  db: Db;
  outbox: Outbox;
  rateLimiter: RateLimiter;
  clock: Clock;
  log: Log;
  /** The built site (dist/client); the API alone when absent. */
  siteRoot?: string;
  /** better-auth, when the caller already built it (main.ts uses it before listening); else built here. */
  auth?: Auth;
}

/** Builds the whole HTTP app from its parts. It does not listen: main.ts does, and tests call app.request(). */
export function createApp(deps: AppDeps) {
  const { config, db, log } = deps;
  const embedOrigins = [
    ...content.reels.map((reel) => new URL(reel.embedUrl).origin),
    new URL(content.contractFormUrl).origin,
  ];

  const auth = deps.auth ?? createAuth({ config, db, outbox: deps.outbox, clock: deps.clock, log });
  const guard = createSessionGuard({ auth, db, clock: deps.clock });
  const accountDeps = { auth, db, clock: deps.clock, config };
  const notFound = () => {
    throw appError("not_found", 404, "Not found.");
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
        schoolInbox: config.SCHOOL_INBOX || content.contact.email,
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
    .route("/clients", clientRoutes({ db, auth, clock: deps.clock, guard }))
    .on(["GET", "POST"], "/auth/*", (c) =>
      (exposedAuthPaths as readonly string[]).includes(c.req.path) ? auth.handler(c.req.raw) : notFound(),
    )
    .all("*", notFound);

  const app = new Hono<AppEnv>()
    .use(requestContext(log, config.TRUST_PROXY))
    .use(securityHeaders([...new Set(embedOrigins)]))
    .use(compress())
    .route("/healthz", healthRoutes(db))
    .route("/api", api);

  if (deps.siteRoot) app.route("/", staticSite(deps.siteRoot));
  app.onError((error, c) => errorResponse(c, error));
  return app;
}

export type App = ReturnType<typeof createApp>;
