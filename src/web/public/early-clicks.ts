import { type EarlyClicks, earlyClicksGlobal } from "../../domain/public-boot.ts";

/** The boot script's held clicks; absent only where no boot script ran (Vite's development server). */
const earlyClicks = () => (window as unknown as Record<string, EarlyClicks | undefined>)[earlyClicksGlobal];

/**
 * Until the app has hydrated, a button on a prerendered page does nothing (a link works: it loads its page). So the
 * page's boot script (domain/public-boot.ts) holds a click on a button from the start, and the app takes the
 * held clicks over here: once hydrated, it presses each button again. A submit button held this way does not post
 * its form natively either. A link marked `data-hold-click` (the language switch, which must remember the choice
 * before it leaves) is held the same way.
 *
 * Held until hydration is done, not only until it starts: a click React receives while it is still hydrating can
 * find its target not yet hydrated, and React then stops the event without preventing its default, so the link was
 * followed as a plain link (the language switch reached the English address with the Spanish choice still stored,
 * and was sent back to Spanish).
 */
export function takeOverEarlyClicks(): { replay: () => void } {
  const early = earlyClicks();
  return {
    /** Once hydrated: stops holding, and presses each held button again, in order. */
    replay: () => {
      if (!early) return;
      early.stop();
      for (const button of early.held.splice(0)) if (button.isConnected) button.click();
    },
  };
}

/** Where `element` sits under `ancestor`: each element's index among its parent's, from the top; null if not under. */
function placeUnder(ancestor: Element, element: Element): number[] | null {
  const place: number[] = [];
  for (let at: Element | null = element; at !== ancestor; at = at.parentElement) {
    if (!at?.parentElement) return null;
    place.unshift([...at.parentElement.children].indexOf(at));
  }
  return place;
}

/**
 * For a page the app draws anew rather than hydrates (a client page the server drew, docs/decisions/058, whose
 * drawn page is `container`'s first element): keeps holding until the app's page has replaced the drawn one, then
 * presses again, for each click held meanwhile (the language switch; the drawn buttons are disabled), the element in
 * the same place of the app's page, when it is the same element.
 */
export function replayHeldClicksWhenRedrawn(container: HTMLElement): void {
  const early = earlyClicks();
  const drawn = container.firstElementChild;
  if (!early || !drawn) {
    early?.stop();
    return;
  }
  const redrawn = new MutationObserver(() => {
    if (drawn.isConnected) return;
    redrawn.disconnect();
    early.stop();
    for (const held of early.held.splice(0)) {
      const place = placeUnder(drawn, held);
      const again = place?.reduce<Element | undefined>((at, index) => at?.children[index], container);
      const same = again?.tagName === held.tagName && again.textContent === held.textContent;
      if (same && again instanceof HTMLElement) again.click();
    }
  });
  redrawn.observe(container, { childList: true });
}
