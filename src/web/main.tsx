import { takeOverEarlyClicks } from "./public/early-clicks.ts";
import { fetchPageWords } from "./public/page-words.ts";
import "./styles/global.css";

/**
 * The prerendered public pages and the 404 page (index.html). Each arrives whole, styled, with its images: its
 * script only makes it interactive, so the page asks for this script once it has painted (domain/public-boot.ts),
 * and this script fetches the app (React, the router, the pages) once the page has loaded, instead of competing with
 * the largest image (docs/decisions/012), and with it the page's words in the language it was prerendered in
 * (page-words.ts).
 */
const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");
const earlyClicks = takeOverEarlyClicks();

const start = async () => {
  const [{ hydrate }, words] = await Promise.all([import("./public/hydrate.tsx"), fetchPageWords(container)]);
  hydrate(container, words, earlyClicks.replay);
};
/** After the load event and the paint that follows it (a headless browser may fire load before its first paint). */
const afterLoadAndPaint = () => requestAnimationFrame(() => setTimeout(() => void start()));
if (document.readyState === "complete") afterLoadAndPaint();
else window.addEventListener("load", afterLoadAndPaint, { once: true });
