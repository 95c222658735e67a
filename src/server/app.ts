import { Hono } from "hono";
import { compress } from "hono/compress";
import content from "../content/site.json" with { type: "json" };
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import { contactRoutes } from "./contact/routes.ts";
import type { Db } from "./db/database.ts";
import { healthRoutes } from "./health/routes.ts";
import type { AppEnv } from "./http/app-env.ts";
import { appError, errorResponse } from "./http/errors.ts";
import type { Log } from "./http/log.ts";
import { requestContext } from "./http/request-context.ts";
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
}

/** Builds the whole HTTP app from its parts. It does not listen: main.ts does, and tests call app.request(). */
export function createApp(deps: AppDeps) {
  const { config, db, log } = deps;
  const embedOrigins = [
    ...content.reels.map((reel) => new URL(reel.embedUrl).origin),
    new URL(content.contractFormUrl).origin,
  ];

  const api = new Hono<AppEnv>()
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
    .all("*", () => {
      throw appError("not_found", 404, "Not found.");
    });

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
