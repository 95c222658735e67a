import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * One catalogue per part of the site, so a page loads only the words it can show (docs/decisions/018, 025):
 * `common` (the src/domain files in `publicPageDomain`: their messages reach every page, the prerendered ones
 * included), `app-shell` (every other file of src/domain: the spec's messages that only the app shell's pages show,
 * and the server), `shared` (the components every area uses, signing in and out), `public` (the prerendered pages,
 * their header and footer, the pages' titles), `client`, `admin`, and `server` (mails, the calendar feed, the API's
 * words). `npm run i18n` extracts new words and compiles every catalogue.
 */
const catalogue = (name: string, include: string[], exclude: string[] = []) => ({
  path: `<rootDir>/src/locales/{locale}/${name}`,
  include,
  exclude: ["**/*.test.ts", "**/*.test.tsx", ...exclude],
});

/**
 * Where a message of src/domain goes: the files a prerendered public page imports are listed here, and their
 * messages go to `common`, which every page loads; any other domain file's go to `app-shell`, which only the app
 * shell's pages and the server load. A new message needs nothing more, unless a public page starts importing its
 * file: then add the file here, and `npm run i18n` moves its messages (scripts/i18n/carry-translations.ts keeps
 * their Spanish). scripts/i18n/catalogues.test.ts fails until the list is exactly what the public pages import.
 */
export const publicPageDomain = [
  "src/domain/messages.ts",
  "src/domain/fields.ts",
  "src/domain/pack-catalogue.ts",
];
const rooted = (files: string[]) => files.map((file) => `<rootDir>/${file}`);

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es"],
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false }),
  compileNamespace: "ts",
  catalogs: [
    catalogue("common", rooted(publicPageDomain)),
    catalogue("app-shell", ["<rootDir>/src/domain"], rooted(publicPageDomain)),
    catalogue("shared", [
      "<rootDir>/src/web/components",
      "<rootDir>/src/web/api",
      "<rootDir>/src/web/i18n",
      "<rootDir>/src/web/auth",
    ]),
    catalogue("public", [
      "<rootDir>/src/web/public",
      "<rootDir>/src/web/layout",
      "<rootDir>/src/web/page-meta.ts",
      "<rootDir>/src/web/routes.tsx",
      "<rootDir>/src/web/signed-in-routes.tsx",
    ]),
    catalogue("client", ["<rootDir>/src/web/client"]),
    catalogue("admin", ["<rootDir>/src/web/admin"]),
    catalogue("server", ["<rootDir>/src/server"]),
  ],
});
