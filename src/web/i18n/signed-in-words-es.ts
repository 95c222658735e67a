/**
 * The parts of the words every page of the app shell asks for, in Spanish: one import, so one chunk and one request
 * (catalogues.ts, docs/decisions/041). The admin's part stays apart. A built app shell reads them from the JSON file
 * the build writes of this module (scripts/prerender.ts, i18n/shell-words.ts); the dev server from this chunk.
 */
export { messages as appShell } from "../../locales/es/app-shell.ts";
export { messages as client } from "../../locales/es/client.ts";
export { messages as common } from "../../locales/es/common.ts";
export { messages as publicPages } from "../../locales/es/public.ts";
export { messages as shared } from "../../locales/es/shared.ts";
