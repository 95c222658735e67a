import { holdEarlyClicks } from "./public/early-clicks.ts";
import { fetchPageWords } from "./public/page-words.ts";
import "./styles/global.css";

/**
 * The prerendered public pages and the 404 page (index.html). Each arrives whole, styled, with its images: its
 * script only makes it interactive. So the app (React, the router, the pages) is fetched once the page has loaded,
 * instead of competing with the stylesheet and the largest image for the first paint (docs/decisions/012), and with
 * it the page's words in the language it was prerendered in (page-words.ts).
 */
const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");
const earlyClicks = holdEarlyClicks(container);

const start = async () => {
  const [{ hydrate }, words] = await Promise.all([import("./public/hydrate.tsx"), fetchPageWords(container)]);
  hydrate(container, words, earlyClicks.replay);
};
/** After the load event and the paint that follows it (a headless browser may fire load before its first paint). */
const afterLoadAndPaint = () => requestAnimationFrame(() => setTimeout(() => void start()));
if (document.readyState === "complete") afterLoadAndPaint();
else window.addEventListener("load", afterLoadAndPaint, { once: true });
