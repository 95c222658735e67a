import type { Messages } from "@lingui/core";
import { messages as common } from "../../../locales/en/common.ts";
import { messages as publicPages } from "../../../locales/en/public.ts";
import { messages as shared } from "../../../locales/en/shared.ts";
import type { PageWords } from "./page-words.ts";

/** Everything an English public page reads: one chunk (page-words.ts). The school's texts are site.json's. */
const messages: Messages = { ...common, ...shared, ...publicPages };
export const words: PageWords = { locale: "en", messages };
