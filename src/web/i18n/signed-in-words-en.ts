/**
 * The parts of the words every page of the app shell asks for, in English: one import, so one chunk and one request
 * (catalogues.ts, docs/decisions/041). The admin's part stays apart. A built app shell reads them from the JSON file
 * the build writes of this module (scripts/prerender.ts, i18n/shell-words.ts); the dev server from this chunk.
 */
export { messages as appShell } from "../../locales/en/app-shell.ts";
export { messages as client } from "../../locales/en/client.ts";
export { messages as common } from "../../locales/en/common.ts";
export { messages as publicPages } from "../../locales/en/public.ts";
export { messages as shared } from "../../locales/en/shared.ts";
