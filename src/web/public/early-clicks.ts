/**
 * Until the app has hydrated, a button on a prerendered page does nothing (a link works: it loads its page). So a
 * click on a button in that moment is held, and the button pressed again once the app can answer it. A submit
 * button held this way does not post its form natively either. A link marked `data-hold-click` (the language
 * switch, which must remember the choice before it leaves) is held the same way.
 *
 * Held until hydration is done, not only until it starts: a click React receives while it is still hydrating can
 * find its target not yet hydrated, and React then stops the event without preventing its default, so the link was
 * followed as a plain link (the language switch reached the English address with the Spanish choice still stored,
 * and was sent back to Spanish).
 */
export function holdEarlyClicks(root: HTMLElement): { replay: () => void } {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const button =
      event.target instanceof Element
        ? event.target.closest<HTMLElement>("button, a[data-hold-click]")
        : null;
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(button);
  };
  document.addEventListener("click", hold, true);
  return {
    /** Once hydrated: stops holding, and presses each held button again, in order. */
    replay: () => {
      document.removeEventListener("click", hold, true);
      for (const button of held.splice(0)) if (button.isConnected) button.click();
    },
  };
}
