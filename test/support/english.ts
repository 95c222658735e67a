import { i18n } from "@lingui/core";
import { installReader, pageReader } from "../../src/domain/translate.ts";
import { messages as admin } from "../../src/locales/en/admin.ts";
import { messages as appShell } from "../../src/locales/en/app-shell.ts";
import { messages as client } from "../../src/locales/en/client.ts";
import { messages as common } from "../../src/locales/en/common.ts";
import { messages as publicPages } from "../../src/locales/en/public.ts";
import { messages as shared } from "../../src/locales/en/shared.ts";

/** Vitest's setup: the browser's code under test speaks English, as a page does after its catalogues load. */
i18n.loadAndActivate({
  locale: "en",
  messages: { ...common, ...appShell, ...shared, ...publicPages, ...client, ...admin },
});

// Each file starts with the page's reader: a server file's app installs the request's (src/server/i18n) when built.
installReader(pageReader);
