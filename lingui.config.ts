import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * One catalogue per part of the site, so a page loads only the words it can show (docs/decisions/018):
 * `common` (src/domain: the spec's messages, shared by the browser and the server), `shared` (the components every
 * area uses, signing in and out), `public` (the prerendered pages, their header and footer, the pages' titles), `client`,
 * `admin`, and `server` (mails, the calendar feed, the API's words). `npm run i18n` extracts new words and compiles every catalogue.
 */
const catalogue = (name: string, include: string[]) => ({
  path: `<rootDir>/src/locales/{locale}/${name}`,
  include,
  exclude: ["**/*.test.ts", "**/*.test.tsx"],
});

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es"],
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false }),
  compileNamespace: "ts",
  catalogs: [
    catalogue("common", ["<rootDir>/src/domain"]),
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
