import { embedProbeTimeoutMs } from "../public-rules.ts";

const reachable = new Map<string, Promise<boolean>>();

/**
 * Whether the embed's host answers at all. An opaque (no-cors) fetch resolves once the network reaches the host
 * and rejects when it does not (offline, blocked, no DNS), which is all we need to decide between the iframe and
 * the placeholder. A success is remembered for the page's life; a failure is tried again next time.
 */
export function probeEmbed(url: string): Promise<boolean> {
  const known = reachable.get(url);
  if (known) return known;
  const probe = fetch(url, { mode: "no-cors", signal: AbortSignal.timeout(embedProbeTimeoutMs) }).then(
    () => true,
    () => {
      reachable.delete(url);
      return false;
    },
  );
  reachable.set(url, probe);
  return probe;
}
