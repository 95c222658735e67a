import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { publicBootScript } from "../../domain/public-boot.ts";
import { sessionHintScript } from "../../domain/session-hint.ts";

/**
 * The inline scripts of our pages, each allowed by its hash and nothing else inline: the session hint of every page
 * (domain/session-hint.ts) and the public pages' boot script (domain/public-boot.ts).
 */
const inlineScriptHashes = [sessionHintScript, publicBootScript]
  .map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`)
  .join(" ");

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
 * Headers every answer carries (a shorter set for the API's JSON). Embeds (reels, contract form) are the only
 * third-party frames allowed, and the only origins besides ours that may be granted what they ask for. No inline
 * styles but the public pages' and the app shell's stylesheets, by their hashes (`styleHashes`): React sets `style`
 * props through the CSSOM, which a CSP allows, and the prerendered HTML has no `style` attribute.
 * HSTS only when the site is served over https (`https`), so a plain-http install is never locked out.
 */
export function securityHeaders(
  frameSources: readonly string[] | (() => Promise<readonly string[]> | readonly string[]),
  { https = false, styleHashes = [] }: { https?: boolean; styleHashes?: readonly string[] } = {},
): MiddlewareHandler {
  const everyAnswer: [string, string][] = [
    ...(https
      ? ([["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]] as [string, string][])
      : []),
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
  ];
  // An API answer is never a page: it only needs to refuse being one (no scripts, no frames). The page policies
  // are long, and every header costs per byte on every request.
  const apiHeaders: [string, string][] = [
    ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
    ...everyAnswer,
  ];
  // The page headers for the frame sources in force (School settings may change them): built once per list.
  let built: { key: string; headers: [string, string][] } | null = null;
  const pageHeadersFor = (sources: readonly string[]) => {
    const key = sources.join(" ");
    if (built?.key !== key) built = { key, headers: pageHeaders(sources, everyAnswer, styleHashes) };
    return built.headers;
  };
  return async (c, next) => {
    const headers = c.req.path.startsWith("/api/")
      ? apiHeaders
      : pageHeadersFor(typeof frameSources === "function" ? await frameSources() : frameSources);
    // Set before the answer exists, they go out with the answer's own headers at no cost; set on a finished
    // answer, each c.header() call copies the whole Response.
    for (const [name, value] of headers) c.header(name, value);
    await next();
    // An answer built outside c (better-auth's handler) did not take them.
    if (!c.res.headers.has("Content-Security-Policy")) {
      for (const [name, value] of headers) c.header(name, value);
    }
  };
}

/** A page's headers when it may frame `frameSources` (origins). */
function pageHeaders(
  frameSources: readonly string[],
  everyAnswer: [string, string][],
  styleHashes: readonly string[],
): [string, string][] {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes}`,
    ["style-src 'self'", ...styleHashes.map((hash) => `'${hash}'`)].join(" "),
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
  return [
    ["Content-Security-Policy", csp],
    ["Permissions-Policy", permissionsPolicy],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ...everyAnswer,
  ];
}
