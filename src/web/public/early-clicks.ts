/**
 * Until the app has hydrated, a button on a prerendered page does nothing (a link works: it loads its page). So a
 * click on a button in that moment is held, and the button pressed again once the app can answer it. A submit
 * button held this way does not post its form natively either. A link marked `data-hold-click` (the language
 * switch, which must remember the choice before it leaves) is held the same way.
 */
export function holdEarlyClicks(root: HTMLElement): { release: () => void; replay: () => void } {
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
    /** Stops holding: from hydrateRoot on, React itself replays what reaches it before it is done. */
    release: () => document.removeEventListener("click", hold, true),
    /** Once hydrated: presses each held button again, in order. */
    replay: () => {
      for (const button of held.splice(0)) if (button.isConnected) button.click();
    },
  };
}
