/**
 * npm run audit:lighthouse: builds the site, serves the production build on a fresh SQLite database, and runs
 * Lighthouse (mobile settings, Debian's Chromium) on every public page. Fails when a score is under 95.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { publicPaths } from "../src/web/paths.ts";
import { chromiumFlags, chromiumPath } from "./chromium.ts";

const BAR = 95;
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3290);
const origin = `http://localhost:${port}`;
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

async function waitForHealth(server: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (server.exitCode !== null) throw new Error("the server exited while starting");
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not start");
}

const dataDir = mkdtempSync(path.join(tmpdir(), "swim-lighthouse-"));
const server = spawn("node", ["--import", "tsx", "src/server/main.ts"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ["--headless=new", ...chromiumFlags],
});

const rows: { page: string; scores: Record<string, number> }[] = [];
try {
  await waitForHealth(server);
  for (const page of publicPaths) {
    const result = await lighthouse(`${origin}${page}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...categories],
    });
    if (!result) throw new Error(`no Lighthouse result for ${page}`);
    const scores = Object.fromEntries(
      categories.map((name) => [name, Math.round((result.lhr.categories[name]?.score ?? 0) * 100)]),
    );
    rows.push({ page, scores });
    const failing = Object.values(result.lhr.audits).filter(
      (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative",
    );
    if (Object.values(scores).some((score) => score < BAR)) {
      console.log(
        `${page}: audits below 0.9: ${failing.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join(", ")}`,
      );
    }
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\n| page | ${categories.join(" | ")} |\n|---|${categories.map(() => "---").join("|")}|`);
for (const row of rows) console.log(`| ${row.page} | ${categories.map((c) => row.scores[c]).join(" | ")} |`);
mkdirSync("reports", { recursive: true });
writeFileSync("reports/lighthouse.json", JSON.stringify(rows, null, 2));
const below = rows.filter((row) => Object.values(row.scores).some((score) => score < BAR));
if (below.length > 0) {
  console.error(`\nBelow ${BAR}: ${below.map((row) => row.page).join(", ")}`);
  process.exit(1);
}
console.log(`\nEvery public page scores at least ${BAR} in every category.`);
