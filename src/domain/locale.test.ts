import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, localeOfPath, localizedPath, unlocalizedPath } from "./locale.ts";

describe("choosing a language", () => {
  it("takes the browser's best supported language, by weight and then by order", () => {
    expect(localeFromAcceptLanguage("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(localeFromAcceptLanguage("fr-FR,fr;q=0.9,es;q=0.5,en;q=0.7")).toBe("en");
    expect(localeFromAcceptLanguage("en;q=0.2, es;q=0.8")).toBe("es");
    expect(localeFromAcceptLanguage("de, fr")).toBeNull();
    expect(localeFromAcceptLanguage("es;q=0, en")).toBe("en");
    expect(localeFromAcceptLanguage("")).toBeNull();
  });

  it("reads and writes the language of a public address", () => {
    expect(localeOfPath("/es/services")).toBe("es");
    expect(localeOfPath("/es")).toBe("es");
    expect(localeOfPath("/escape")).toBe("en");
    expect(unlocalizedPath("/es/")).toBe("/");
    expect(unlocalizedPath("/es/our-team")).toBe("/our-team");
    expect(localizedPath("/", "es")).toBe("/es/");
    expect(localizedPath("/contact", "es")).toBe("/es/contact");
    expect(localizedPath("/es/contact", "en")).toBe("/contact");
    expect(localizedPath("/es/contact", "es")).toBe("/es/contact");
  });
});
