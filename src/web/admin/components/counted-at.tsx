import { Trans } from "@lingui/react/macro";

/**
 * "Counted at 14:05": the overview and the reports are counted a while ago and served while the next counting runs
 * (docs/decisions/042), so each says when its figures are from.
 */
export function CountedAt({ at }: { at: string }) {
  const time = new Date(at).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  return <Trans>Counted at {time}</Trans>;
}
