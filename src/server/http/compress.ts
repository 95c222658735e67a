import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

/** Below this many bytes an answer goes out as it is: gzip saves a few dozen bytes and costs more than it saves. */
export const compressFromBytes = 1024;

/**
 * hono's compress(), for answers of `compressFromBytes` and more. Its own threshold reads Content-Length, which
 * c.json() never sets: every JSON answer a browser asked for (they all accept gzip) went through a
 * CompressionStream, a 200-byte session answer included. Here a JSON answer without a length is measured first
 * (it is a string already) and given its length, so compress() leaves the small ones alone. Every answer says it
 * varies with Accept-Encoding.
 */
export function compressLargeAnswers(): MiddlewareHandler {
  const gzip = compress({ threshold: compressFromBytes });
  const measure: MiddlewareHandler = async (c, next) => {
    await next();
    const answer = c.res;
    const type = answer.headers.get("Content-Type");
    if (!type?.startsWith("application/json") || answer.headers.has("Content-Length") || !answer.body) return;
    const text = await answer.text();
    const headers = answer.headers;
    headers.set("Content-Length", String(Buffer.byteLength(text)));
    // Unset first: a new answer set over one would have the old one's headers copied onto it once more.
    c.res = undefined;
    c.res = new Response(text, { status: answer.status, headers });
  };
  return async (c, next) => {
    // compress() adds this to a finished answer, which copies the whole Response; said up front it is free.
    c.header("Vary", "Accept-Encoding");
    // No encoding accepted (a script, a health check): compress() would only have added Vary.
    if (!c.req.header("Accept-Encoding")) return next();
    await gzip(c, async () => {
      await measure(c, next);
    });
  };
}
