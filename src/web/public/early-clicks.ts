import { type EarlyClicks, earlyClicksGlobal } from "../../domain/public-boot.ts";

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
  // Absent only where no boot script ran: Vite's development server serves index.html as it is.
  const early = (window as unknown as Record<string, EarlyClicks | undefined>)[earlyClicksGlobal];
  return {
    /** Once hydrated: stops holding, and presses each held button again, in order. */
    replay: () => {
      if (!early) return;
      early.stop();
      for (const button of early.held.splice(0)) if (button.isConnected) button.click();
    },
  };
}
