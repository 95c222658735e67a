/**
 * Carries translations across a move between catalogues. When a file's messages change catalogue (a file of
 * src/domain joins or leaves `publicPageDomain` in lingui.config.ts, docs/decisions/025), `npm run i18n` drops them
 * from the old catalogue's .po files and adds them to the new one's untranslated. This gives every untranslated
 * entry the translation its id had in any catalogue at a git revision (HEAD unless named), then compiles:
 *
 *   npm run i18n && node --import tsx scripts/i18n/carry-translations.ts [revision]
 *
 * It writes only entries that have no translation, and prints each one it filled.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";

const revision = process.argv[2] ?? "HEAD";
const config = getConfig({ cwd: path.resolve("."), configPath: path.resolve("lingui.config.ts") });
const catalogues = await getCatalogs(config);
const scratch = mkdtempSync(path.join(tmpdir(), "carry-translations-"));

/** Every translation each id had at `revision`, per locale, whatever catalogue held it. */
const before = new Map<string, Map<string, string>>();
const poFiles = execFileSync("git", ["ls-tree", "-r", "--name-only", revision, "src/locales"], {
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => file.endsWith(".po"));
const reader = catalogues[0];
if (!reader) throw new Error("lingui.config.ts names no catalogue");
for (const file of poFiles) {
  const locale = path.basename(path.dirname(file));
  const copy = path.join(scratch, `${locale}-${path.basename(file)}`);
  writeFileSync(copy, execFileSync("git", ["show", `${revision}:${file}`]));
  const entries = (await reader.format.read(copy, locale)) ?? {};
  const translations = before.get(locale) ?? new Map<string, string>();
  for (const [id, entry] of Object.entries(entries)) {
    if (entry.translation?.trim()) translations.set(id, entry.translation);
  }
  before.set(locale, translations);
}
rmSync(scratch, { recursive: true, force: true });

let filled = 0;
for (const catalogue of catalogues) {
  for (const [locale, entries] of Object.entries(await catalogue.readAll())) {
    if (!entries) continue;
    let changed = false;
    for (const [id, entry] of Object.entries(entries)) {
      const carried = before.get(locale)?.get(id);
      if (entry.translation?.trim() || !carried) continue;
      entry.translation = carried;
      changed = true;
      filled++;
      console.log(`${locale} ${path.basename(catalogue.path)}: ${id}`);
    }
    if (changed) await catalogue.write(locale, entries);
  }
}
console.log(`carried ${filled} translations from ${revision}`);
if (filled > 0) execFileSync("npx", ["lingui", "compile", "--typescript"], { stdio: "inherit" });
