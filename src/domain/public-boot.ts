/**
 * A prerendered public page is whole before any script runs: its script (web/main.tsx) only makes it interactive.
 * So the page asks for that script once it has painted (docs/decisions/053), from this script in its head, which
 * also holds a click on a button from the start, until the app can answer it (web/public/early-clicks.ts takes the
 * held clicks over and presses them again). A link works without the app; a link marked `data-hold-click` (the
 * language switch) is held like a button. The prerenderer writes the script in every public page's head and the
 * entry's address on its root (`data-entry`); the CSP allows exactly this text by its hash
 * (server/http/security-headers.ts): a contract of both sides, so it lives here.
 */
export const publicEntryAttribute = "data-entry";

/** Where the script leaves the clicks it held, for the app to take over. */
export const earlyClicksGlobal = "earlyClicks";

/** On the document while the photos below the screen are held. */
export const photosHeldAttribute = "data-photos-held";

export interface EarlyClicks {
  held: HTMLElement[];
  /** Stops holding clicks. */
  stop: () => void;
}

/**
 * The entry is asked for once the first contentful paint is reported (when the frame reached the screen: later than
 * a `requestAnimationFrame` callback runs, and often later than the load event). A page opened in the background
 * reports it once shown. A browser without Paint Timing asks at the load event.
 *
 * Until the page's largest paint, the photos below the screen are held (docs/decisions/055): the script marks the
 * document (`photosHeldAttribute`), and the stylesheet (layout.css) clips `<main>` to the screen's height, so a
 * lazy photo wholly below it does not intersect the viewport and is not fetched yet: the page's priority image
 * (`fetchpriority="high"`) has the connection to itself. They are let go once that image is reported as a largest
 * contentful paint, or a second after it loaded if it never is; on a page without one, at the first paint; at once
 * on the visitor's first scroll, press or key. A page opened at an anchor, reloaded or reached by Back holds
 * nothing, since the browser scrolls it below the screen.
 */
// Marked pure: a browser bundle that imports this module for its names leaves the script's text out.
export const publicBootScript = /* @__PURE__ */ [
  "(()=>{",
  "const held=[];",
  "const hold=(e)=>{",
  'const b=e.target instanceof Element?e.target.closest("button, a[data-hold-click]"):null;',
  'const root=document.getElementById("root");',
  "if(!b||!root||!root.contains(b))return;",
  "e.preventDefault();e.stopPropagation();held.push(b)};",
  'document.addEventListener("click",hold,true);',
  `window.${earlyClicksGlobal}={held,stop:()=>document.removeEventListener("click",hold,true)};`,
  "const doc=document.documentElement;",
  `const release=()=>doc.removeAttribute("${photosHeldAttribute}");`,
  'const nav=performance.getEntriesByType?.("navigation")[0];',
  'if(!location.hash&&(!nav||nav.type==="navigate")){',
  `doc.setAttribute("${photosHeldAttribute}","");`,
  'for(const t of["wheel","pointerdown","keydown","scroll"])addEventListener(t,release,{once:true,passive:true,capture:true})}',
  "const afterLargestPaint=()=>{",
  "const hero=document.querySelector('img[fetchpriority=\"high\"]');",
  "if(!hero)return release();",
  "const seen=new PerformanceObserver((list)=>{",
  "if(list.getEntries().some((e)=>e.element===hero)){seen.disconnect();release()}});",
  'seen.observe({type:"largest-contentful-paint",buffered:true});',
  "const later=()=>setTimeout(release,1000);",
  'if(hero.complete)later();else{hero.addEventListener("load",later);hero.addEventListener("error",release)}};',
  "const load=()=>{",
  'const s=document.createElement("script");s.type="module";',
  `s.src=document.getElementById("root").getAttribute("${publicEntryAttribute}");`,
  "document.head.append(s)};",
  'if(!PerformanceObserver.supportedEntryTypes?.includes("paint")){',
  'addEventListener("load",()=>{release();load()},{once:true});return}',
  "const painted=new PerformanceObserver((list)=>{",
  'if(list.getEntriesByName("first-contentful-paint").length===0)return;',
  "painted.disconnect();afterLargestPaint();setTimeout(load)});",
  'painted.observe({type:"paint",buffered:true})',
  "})()",
].join("");
