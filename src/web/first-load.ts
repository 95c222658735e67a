import { type AppPath, paths } from "../domain/paths.ts";

/**
 * What the build names in the head of a client page's HTML so the browser fetches it while the app shell's script
 * downloads, not after it has run (docs/decisions/048): the page's code, by the module its lazy route imports
 * (signed-in-routes.tsx; first-load.test.ts checks they agree), and the query layout every signed-in page runs
 * under. scripts/prerender.ts finds their chunks and stylesheets in the app shell build's manifest.
 */
export const clientPageModules: Partial<Record<AppPath, string>> = {
  [paths.clientPanel]: "client/client-panel-page.tsx",
  [paths.progress]: "client/progress/progress-page.tsx",
  [paths.feedback]: "client/feedback/feedback-page.tsx",
  [paths.milestones]: "client/milestones/milestones-page.tsx",
  [paths.gallery]: "client/gallery/gallery-page.tsx",
  [paths.payments]: "client/payments/payments-page.tsx",
  [paths.managePayments]: "client/payments/payments-page.tsx",
  [paths.family]: "client/family/family-page.tsx",
};

/** The layout every signed-in page renders under (signed-in-routes.tsx: `signedIn`). */
export const signedInLayoutModule = "api/query-layout.tsx";

/** Where the app shell's build lists its chunks, under dist/client; prerender.ts reads it, then removes it. */
export const appShellManifest = ".vite/app-shell-manifest.json";
