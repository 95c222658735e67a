import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { sessionHintScript } from "../../web/session-hint.ts";

/** The one inline script of our pages (web/session-hint.ts), allowed by its hash and nothing else inline. */
const sessionHintHash = `'sha256-${createHash("sha256").update(sessionHintScript).digest("base64")}'`;

/** Browser features nothing on the site uses: off for our pages and every frame in them. */
const featuresOff = [
  "accelerometer",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
];

/** What the reels' iframe asks for in its `allow` attribute (src/web/public/home/reels.tsx). */
const featuresForEmbeds = ["autoplay", "encrypted-media", "picture-in-picture", "clipboard-write"];

/**
 * Headers every answer carries. Embeds (reels, contract form) are the only third-party frames allowed, and the
 * only origins besides ours that may be granted what they ask for. No inline styles: React sets `style` props
 * through the CSSOM, which a CSP allows, and the prerendered HTML has no `style` attribute.
 * HSTS only when the site is served over https (`https`), so a plain-http install is never locked out.
 */
export function securityHeaders(
  frameSources: string[],
  { https = false }: { https?: boolean } = {},
): MiddlewareHandler {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${sessionHintHash}`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    `frame-src 'self' ${frameSources.join(" ")}`.trim(),
    `connect-src 'self' ${frameSources.join(" ")}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  const embedAllowlist = ["self", ...frameSources.map((origin) => `"${origin}"`)].join(" ");
  const permissionsPolicy = [
    ...featuresOff.map((feature) => `${feature}=()`),
    ...featuresForEmbeds.map((feature) => `${feature}=(${embedAllowlist})`),
  ].join(", ");
  return async (c, next) => {
    await next();
    c.header("Content-Security-Policy", csp);
    c.header("Permissions-Policy", permissionsPolicy);
    if (https) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("X-Frame-Options", "DENY");
    c.header("Cross-Origin-Opener-Policy", "same-origin");
  };
}
