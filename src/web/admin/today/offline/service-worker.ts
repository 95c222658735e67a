import { Workbox } from "workbox-window";
import { manifestPath, serviceWorkerPath } from "../../../../domain/today-offline.ts";
import { todaySyncTag } from "./messages.ts";

let registration: Promise<ServiceWorkerRegistration | undefined> | null = null;

/**
 * Registers the service worker (built by scripts/service-worker.ts), from /today only: the public pages never load
 * this code, and a visitor's browser never gets the worker (docs/decisions/023). The dev server has none.
 */
export function registerTodayWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return Promise.resolve(undefined);
  registration ??= new Workbox(serviceWorkerPath, { scope: "/" }).register().catch((error: unknown) => {
    console.warn("service worker not registered", error);
    return undefined;
  });
  return registration;
}

/** Asks the browser to send the queued saves when the signal returns, page open or not (where it can). */
export async function askForBackgroundSync(): Promise<void> {
  const ready = await registerTodayWorker();
  const sync = (
    ready as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
  )?.sync;
  await sync?.register(todaySyncTag).catch(() => undefined);
}

/**
 * Makes /today installable (a phone's home screen): the manifest, and the touch icon an iPhone reads, linked from
 * this page only, so a client's pages never offer to install the staff's day.
 */
export function linkTodayManifest(): void {
  const head = document.head;
  const add = (tag: "link" | "meta", attributes: Record<string, string>) => {
    const selector = Object.entries(attributes)
      .slice(0, 1)
      .map(([name, value]) => `${tag}[${name}="${value}"]`)[0] as string;
    if (head.querySelector(selector)) return;
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    head.append(element);
  };
  add("link", { rel: "manifest", href: manifestPath });
  add("link", { rel: "apple-touch-icon", href: "/icons/today-192.png" });
  add("meta", { name: "apple-mobile-web-app-capable", content: "yes" });
  add("meta", { name: "mobile-web-app-capable", content: "yes" });
}
