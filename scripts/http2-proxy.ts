/**
 * `npm run audit:lighthouse -- --http2`: the site served as docs/several-instances.md deploys it, behind a proxy that
 * speaks HTTPS and HTTP/2 (nginx with `http2 on`, Caddy by default). Here a proxy on localhost with a certificate
 * made for the run by openssl; the browser is told to accept it. Over HTTP/2 a page's requests share one connection,
 * where over HTTP/1.1 each request beside another opens its own (issue 31's note; docs/decisions/053).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import path from "node:path";

/** Headers of one connection, which a proxy does not pass on (RFC 9110 §7.6.1), and HTTP/2's own. */
const hopByHop = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "http2-settings",
  "host",
]);

const passed = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(":") && !hopByHop.has(name)),
  ) as http.OutgoingHttpHeaders;

/** Starts the proxy in front of `target` (a port on 127.0.0.1), its key and certificate in `dir`; answers its origin. */
export async function startHttp2Proxy(
  target: number,
  dir: string,
): Promise<{ origin: string; close: () => void }> {
  const key = path.join(dir, "proxy-key.pem");
  const cert = path.join(dir, "proxy-cert.pem");
  const subject = ["-subj", "/CN=localhost"];
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", ...subject],
    { stdio: "ignore" },
  );
  const server = http2.createSecureServer(
    { key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true },
    (request, response) => {
      const upstream = http.request(
        {
          host: "127.0.0.1",
          port: target,
          method: request.method,
          path: request.url,
          headers: { ...passed(request.headers), host: `localhost:${target}` },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, passed(answer.headers));
          answer.pipe(response);
        },
      );
      upstream.on("error", () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(upstream);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `https://localhost:${port}`, close: () => server.close() };
}
