import type { Messages } from "@lingui/core";
import site from "../../../content/site.es.json";
import { messages as common } from "../../../locales/es/common.ts";
import { messages as publicPages } from "../../../locales/es/public.ts";
import { messages as shared } from "../../../locales/es/shared.ts";
import type { PageWords } from "./page-words.ts";

/** Everything a Spanish public page reads, the school's texts included: one chunk (page-words.ts). */
const messages: Messages = { ...common, ...shared, ...publicPages };
export const words: PageWords = { locale: "es", messages, content: site };
