import type { KeyboardEvent } from "react";

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside `container` (a modal dialog): from the last focusable element Tab goes to the
 * first, and back. A native modal <dialog> makes the page inert but would still let focus leave for the browser.
 */
export function trapTabKey(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== "Tab") return;
  const container = event.currentTarget;
  const items = [...container.querySelectorAll<HTMLElement>(focusable)].filter((item) =>
    item.checkVisibility(),
  );
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
