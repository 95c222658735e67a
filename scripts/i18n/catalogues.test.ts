import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createCompiledCatalog, getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import { describe, expect, it } from "vitest";
import { publicPageDomain } from "../../lingui.config.ts";
import { locales } from "../../src/domain/locale.ts";
import { eagerGraph } from "../../test/support/import-graph.ts";

/**
 * Every word a person reads comes from a catalogue with an English and a Spanish version (docs/decisions/018).
 * This extracts the messages from the code as `npm run i18n` does and holds them against src/locales: a message
 * without a translation in either language, an entry the code no longer uses, or a compiled catalogue older than
 * its .po file fails, and says which (`npm run i18n` then translate the new entries in src/locales/es/*.po).
 */
const config = getConfig({ cwd: path.resolve("."), configPath: path.resolve("lingui.config.ts") });
const catalogues = await getCatalogs(config);

describe.each(catalogues.map((catalogue) => [path.basename(catalogue.path), catalogue] as const))(
  "the %s catalogue",
  (_name, catalogue) => {
    it("holds exactly the messages the code uses, each translated in every language, compiled as written", async () => {
      const used = (await catalogue.collect()) ?? {};
      const written = await catalogue.readAll();
      for (const locale of locales) {
        const entries = written[locale] ?? {};
        const problems = {
          locale,
          untranslated: Object.keys(used).filter((id) => !entries[id]?.translation?.trim()),
          unused: Object.keys(entries).filter((id) => !(id in used)),
        };
        expect(problems).toEqual({ locale, untranslated: [], unused: [] });

        const translations = Object.fromEntries(
          Object.entries(entries).map(([id, entry]) => [id, entry.translation ?? ""]),
        );
        const { source, errors } = createCompiledCatalog(locale, translations, { namespace: "json" });
        expect(errors.map(({ id, error }) => `${id}: ${error.message}`)).toEqual([]);
        const compiledFile = catalogue.path
          .replace("{locale}", locale)
          .replace("<rootDir>", path.resolve("."));
        const { messages } = await import(pathToFileURL(`${compiledFile}.ts`).href);
        expect(messages, `${compiledFile}.ts is older than its .po: run npm run i18n`).toEqual(
          JSON.parse(source).messages,
        );
      }
    });
  },
);

describe("a message written in more than one catalogue", () => {
  it("has one translation in each language: the catalogues a page loads share one table, and the last one wins", async () => {
    // "Manage Bookings" read "Gestionar reservas" or "Administrar reservas" in the admin menu depending on which
    // chunk loaded last (2026-11-26). Where the words differ on purpose ("your gallery"), the message takes a context.
    for (const locale of locales) {
      const translations = new Map<string, Map<string, string>>();
      const sources = new Map<string, string>();
      for (const catalogue of catalogues) {
        for (const [id, entry] of Object.entries((await catalogue.readAll())[locale] ?? {})) {
          const byCatalogue = translations.get(id) ?? new Map<string, string>();
          byCatalogue.set(path.basename(catalogue.path), entry.translation ?? "");
          sources.set(id, entry.message ?? id);
          translations.set(id, byCatalogue);
        }
      }
      const differing = [...translations]
        .filter(([, byCatalogue]) => new Set(byCatalogue.values()).size > 1)
        .map(([id, byCatalogue]) => ({ message: sources.get(id), ...Object.fromEntries(byCatalogue) }));
      expect({ locale, differing }).toEqual({ locale, differing: [] });
    }
  });
});

describe("a message of src/domain", () => {
  it("is in `common` exactly when a prerendered page imports its file, else in `app-shell` (lingui.config.ts)", () => {
    // A public page carries `common` alone of the domain's catalogues (public/page-words.ts): a message of another
    // catalogue would read in English on /es/. And `common` holds nothing the public pages cannot show.
    const publicPages = new Set([
      ...eagerGraph(path.resolve("src/web/main.tsx"), { dynamic: true }).files,
      ...eagerGraph(path.resolve("src/web/entry-server.tsx")).files,
    ]);
    const shownOnPublicPages = [...publicPages]
      .map((file) => path.relative(path.resolve("."), file))
      .filter((file) => file.startsWith("src/domain/") && readFileSync(file, "utf8").includes("/*i18n*/"));
    expect(
      shownOnPublicPages.sort(),
      "the src/domain files with messages that a public page imports: lingui.config.ts's publicPageDomain",
    ).toEqual([...publicPageDomain].sort());
  });
});
