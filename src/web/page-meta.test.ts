import { i18n } from "@lingui/core";
import { expect, it } from "vitest";
import { allSiteContent } from "../content/all-site-content.ts";
import { provideSiteContent } from "../content/site-content.ts";
import { pageHead } from "./page-meta.ts";

// The app shell renders in the language it guessed, and the signed-in person's own language may become the active one
// before that render's effects run, while its texts are still on their way: the title named the school from texts
// the page did not have yet, and the page showed its error instead of the client area.
it("names the school from the texts of the language the page rendered in, whatever language is active", () => {
  provideSiteContent("en", allSiteContent.en);
  i18n.activate("es");
  try {
    expect(pageHead(undefined, "en").title).toBe(allSiteContent.en.school.name);
  } finally {
    i18n.activate("en");
  }
});
