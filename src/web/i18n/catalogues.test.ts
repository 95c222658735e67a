import { i18n } from "@lingui/core";
import { afterEach, expect, it, vi } from "vitest";
import { messages } from "../../domain/messages.ts";
import { settingsMessages } from "../../domain/school-settings-schema.ts";
import { activateLocale } from "./catalogues.ts";

afterEach(() => {
  i18n.activate("en");
  vi.unstubAllGlobals();
});

it("speaks the language asked for last, whichever catalogue arrives first", async () => {
  // A page that names no words file (as the dev server's): the catalogues come from their modules.
  const page = { documentElement: { lang: "" }, getElementById: () => null };
  vi.stubGlobal("document", page);
  await activateLocale("es", ["shared"]);

  // The app shell's English guess (with a lazy route's part) is still loading when the person's stored Spanish
  // arrives, already loaded: the guess lands last and must not take the page back to English.
  const guess = activateLocale("en", ["admin"]);
  const stored = activateLocale("es", ["shared"]);
  await Promise.all([guess, stored]);

  expect(i18n.locale).toBe("es");
  expect(page.documentElement.lang).toBe("es");
});

it("reads every message of src/domain in the page's language, those of common and of app-shell (decision 025)", async () => {
  vi.stubGlobal("document", { documentElement: { lang: "" }, getElementById: () => null });
  await activateLocale("es", ["shared"]);

  expect(settingsMessages.notHttps).toBe(
    "Solo se aceptan direcciones seguras: la dirección debe empezar por https://.",
  );
  expect(messages.contactSent).toBe("¡Mensaje enviado!");
});

it("takes a built page's words from the file its root names for the language, fetched once for every part", async () => {
  vi.resetModules();
  const { activateLocale: activate } = await import("./catalogues.ts");
  const address = "/assets/words-app-es-test.json";
  const root = { getAttribute: (name: string) => (name === "data-words-es" ? address : null) };
  vi.stubGlobal("document", { documentElement: { lang: "" }, getElementById: () => root });
  const parts = {
    common: {},
    appShell: {},
    shared: { "test.word": ["Palabra del archivo"] },
    publicPages: {},
    client: {},
  };
  const fetched: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    fetched.push(url);
    return new Response(JSON.stringify({ parts, content: {} }));
  });

  await activate("es", ["shared", "public", "client"]);

  expect(fetched).toEqual([address]);
  expect(i18n._("test.word")).toBe("Palabra del archivo");
});
