/**
 * The last build step: writes a brotli (.br) and a gzip (.gz) copy beside every text file of dist/client that is
 * worth compressing, at the strongest settings, once, so the server never compresses them per request
 * (src/server/web/static-site.ts serves the copy the request's Accept-Encoding allows). The pages are left out:
 * the server writes its PUBLIC_URL into them at start-up and compresses them then.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip } from "node:zlib";
import {
  compressibleFile,
  smallestWorthCompressing,
  strongestBrotli,
  strongestGzip,
} from "../src/server/web/static-site.ts";

/** The built site: dist/client, or SITE_DIR (the tests' small built site). */
const clientDir = path.resolve(process.env.SITE_DIR ?? "dist/client");
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

const files = readdirSync(clientDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && compressibleFile(entry.name) && !entry.name.endsWith(".html"))
  .map((entry) => path.join(entry.parentPath, entry.name));

let count = 0;
let before = 0;
let after = 0;
await Promise.all(
  files.map(async (file) => {
    const bytes = readFileSync(file);
    if (bytes.length < smallestWorthCompressing) return;
    const [brotli, gzipped] = await Promise.all([
      toBrotli(bytes, strongestBrotli(bytes.length)),
      toGzip(bytes, strongestGzip),
    ]);
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipped);
    count++;
    before += bytes.length;
    after += brotli.length;
  }),
);
console.log(`precompressed ${count} files: ${before} bytes, ${after} bytes as brotli`);
