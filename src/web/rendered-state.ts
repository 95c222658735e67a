import { type RenderedState, renderedStateId } from "../domain/rendered-page.ts";

let read: RenderedState | null | undefined;

/** What the server rendered this page from (docs/decisions/058), or null for a page it did not render. Read once. */
export function renderedState(): RenderedState | null {
  if (read === undefined) {
    const element = typeof document === "undefined" ? null : document.getElementById(renderedStateId);
    try {
      read = element?.textContent ? (JSON.parse(element.textContent) as RenderedState) : null;
    } catch {
      read = null;
    }
  }
  return read;
}
