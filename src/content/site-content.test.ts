import { describe, expect, it } from "vitest";
import { allSiteContent } from "./all-site-content.ts";
import spanish from "./site.es.json";
import english from "./site.json";
import { contentIn, mergeContent, provideSiteContent, siteContent, withSettings } from "./site-content.ts";

/** Every text of `value` with its path (`home.why.points.1.title`). */
function texts(value: unknown, at: string[] = []): [string, string][] {
  if (typeof value === "string") return [[at.join("."), value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => texts(item, [...at, String(index)]));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => texts(item, [...at, key]));
  return [];
}

/** What no language changes: names, addresses, media names, the school's contact details. */
const notWords =
  /^(school|contact)\.|^(socialProfileUrl|contractFormUrl)$|(^|\.)(url|embedUrl|placeholder|name|image)$/;
const isWords = (path: string) => !notWords.test(path);

describe("the school's texts in a language", () => {
  it("take each text from the overlay, and the English one where it has none or an empty one", () => {
    const overlay = {
      home: { hero: { headline: "Hola", text: "  " } },
      reels: [{}, { caption: "Burbujas" }],
      services: { lessons: [{ title: "Bebés", ages: 3 }] },
    };
    const merged = mergeContent(english, overlay);
    expect(merged.home.hero.headline).toBe("Hola");
    expect(merged.home.hero.text).toBe(english.home.hero.text);
    expect(merged.home.hero.cta).toBe(english.home.hero.cta);
    expect(merged.reels[0]).toEqual(english.reels[0]);
    expect(merged.reels[1]?.caption).toBe("Burbujas");
    expect(merged.reels[1]?.url).toBe(english.reels[1]?.url);
    expect(merged.reels).toHaveLength(english.reels.length);
    expect(merged.services.lessons[0]?.title).toBe("Bebés");
    // A value of the wrong kind is not a text: the English stays.
    expect(merged.services.lessons[0]?.ages).toBe(english.services.lessons[0]?.ages);
    // Every text is there, and nothing but the overlay's texts changed.
    const changed = texts(merged).filter(
      ([path, text]) => texts(english).find(([p]) => p === path)?.[1] !== text,
    );
    expect(changed.map(([path]) => path)).toEqual([
      "home.hero.headline",
      "reels.1.caption",
      "services.lessons.0.title",
    ]);
  });

  it("in English are site.json itself; in Spanish site.es.json's over it; English for a language without any", () => {
    expect(contentIn("en", english, spanish)).toBe(english);
    expect(allSiteContent.en).toBe(english);
    expect(allSiteContent.es).toEqual(mergeContent(english, spanish));
    expect(allSiteContent.es.services.headline).toBe(spanish.services.headline);
    expect(allSiteContent.es.contact).toEqual(english.contact);
    expect(contentIn("es", english)).toBe(english);
  });

  it("are the ones given to the page, and a language not given is an error, not a page in another language", () => {
    expect(() => siteContent("es")).toThrow(/not given/);
    provideSiteContent("es", allSiteContent.es);
    expect(siteContent("es")).toBe(allSiteContent.es);
  });

  it("the Spanish overlay names only fields of site.json, and translates every text of it", () => {
    const englishTexts = new Map(texts(english));
    const spanishTexts = texts(spanish);
    expect(spanishTexts.filter(([path]) => !englishTexts.has(path)).map(([path]) => path)).toEqual([]);
    const translated = new Set(spanishTexts.filter(([, text]) => text.trim()).map(([path]) => path));
    const missing = [...englishTexts.keys()].filter((path) => isWords(path) && !translated.has(path));
    expect(missing).toEqual([]);
    // And none is left in English by mistake.
    const same = spanishTexts.filter(([path, text]) => englishTexts.get(path) === text).map(([path]) => path);
    expect(same).toEqual([]);
  });
});

describe("the school's texts with School settings (decision 020)", () => {
  const settings = {
    email: "office@dolphins-swim.example",
    phone: "+34 600 123 456",
    socialProfileUrl: "https://www.instagram.com/dolphins.swim/",
    contractFormUrl: "https://tally.so/r/wA1b2C",
    reels: english.reels.map((reel, index) => ({
      url: index === 2 ? "https://www.instagram.com/reel/Dolphin2Reel/" : reel.url,
      caption: `Lesson ${index + 1}`,
      captionEs: index === 0 ? "Clase 1" : "",
      sample: false,
    })),
  };

  it("are the content itself while none are saved", () => {
    expect(withSettings(allSiteContent.es, null, "es")).toBe(allSiteContent.es);
  });

  it("lay the contacts over the content, and with `all` the contract form and the reels too", () => {
    const contacts = withSettings(allSiteContent.en, settings, "en", "contacts");
    expect(contacts.contact).toEqual({ email: settings.email, phone: settings.phone });
    expect(contacts.socialProfileUrl).toBe(settings.socialProfileUrl);
    expect(contacts.contractFormUrl).toBe(english.contractFormUrl);
    expect(contacts.reels).toBe(allSiteContent.en.reels);

    const all = withSettings(allSiteContent.en, settings, "en");
    expect(all.contractFormUrl).toBe(settings.contractFormUrl);
    expect(all.reels[2]).toMatchObject({
      url: "https://www.instagram.com/reel/Dolphin2Reel/",
      embedUrl: "https://www.instagram.com/reel/Dolphin2Reel/embed",
      caption: "Lesson 3",
      sample: false,
      // A place shown as a still only shows the owner's new reel; its picture and alt text stay.
      placeholderOnly: false,
      placeholder: english.reels[2]?.placeholder,
      alt: english.reels[2]?.alt,
    });
    expect(english.reels[2]?.placeholderOnly).toBe(true);
    expect(all.reels[6]?.placeholderOnly).toBe(english.reels[6]?.placeholderOnly);
  });

  it("show the Spanish caption on a Spanish page, and the English one where none was given", () => {
    const all = withSettings(allSiteContent.es, settings, "es");
    expect(all.reels[0]?.caption).toBe("Clase 1");
    expect(all.reels[1]?.caption).toBe("Lesson 2");
    expect(all.home.hero.headline).toBe(allSiteContent.es.home.hero.headline);
  });
});
