import { useEffect, useRef } from "react";

/** Marks the history entries pushed for open overlays; the value is the overlay's token. */
const stateKey = "closesOnBack";
const open = new Set<string>();
let lastToken = 0;

type EntryState = Record<string, unknown> & { [stateKey]?: string };
const currentState = (): EntryState => (window.history.state as EntryState | null) ?? {};

/** True while the history entry on top belongs to an overlay (closing it will take it off with a popstate). */
export const overlayEntryOnTop = () => Boolean(currentState()[stateKey]);

/**
 * While `isOpen`, the overlay (a modal, the mobile menu) owns a history entry at the same address, so the browser's
 * or phone's Back closes it instead of leaving the page. Closing it any other way (its button, Escape) takes the
 * entry off again. A link that closes the overlay and navigates should call the returned `leaveForNavigation` and
 * navigate with `replace`, so the new page takes the overlay's entry.
 *
 * The router never hears of these entries: each copies the router's state, and the popstate that leaves one is
 * stopped before the router's listener (a capture listener at the window runs first) when it lands on the same
 * page. So no navigation starts, and one already on its way is not interrupted.
 */
export function useCloseOnBack(isOpen: boolean, onClose: () => void): { leaveForNavigation: () => void } {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const leavingRef = useRef(false);

  useEffect(() => {
    if (!isOpen) return;
    leavingRef.current = false;
    const token = `overlay-${++lastToken}`;
    const under = currentState();
    const href = window.location.href;
    const entry: EntryState = { ...under, [stateKey]: token };
    // An entry left by an overlay that just closed (StrictMode's second run, one dialog replacing another) is reused.
    const leftOver = under[stateKey];
    if (leftOver && !open.has(leftOver)) window.history.replaceState(entry, "");
    else window.history.pushState(entry, "");
    open.add(token);

    const samePage = () => window.location.href === href && currentState().idx === entry.idx;
    const onPop = (event: PopStateEvent) => {
      if (currentState()[stateKey] === token) return;
      if (samePage()) event.stopImmediatePropagation();
      open.delete(token);
      window.removeEventListener("popstate", onPop, true);
      onCloseRef.current();
    };
    window.addEventListener("popstate", onPop, true);

    return () => {
      window.removeEventListener("popstate", onPop, true);
      if (!open.delete(token) || leavingRef.current) return;
      // Closed by the page. A navigation that the closing started may replace or cover the entry within this
      // task; only an entry still on top is taken off.
      setTimeout(() => {
        if (currentState()[stateKey] !== token) return;
        const swallow = (event: PopStateEvent) => {
          window.removeEventListener("popstate", swallow, true);
          if (samePage()) event.stopImmediatePropagation();
        };
        window.addEventListener("popstate", swallow, true);
        window.history.back();
      }, 0);
    };
  }, [isOpen]);

  return {
    leaveForNavigation: () => {
      leavingRef.current = true;
    },
  };
}
