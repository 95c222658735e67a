import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";

/**
 * /payments' container and heading, the same for every family: the page draws its content in it, and its first
 * frame (client/first-frame.tsx) draws it empty at build time, so the heading stands where the page puts it.
 */
export function PaymentsIntro({ children }: { children?: ReactNode }) {
  return (
    <section className="payments">
      <h1>
        <Trans>Choose your class package</Trans>
      </h1>
      {children}
    </section>
  );
}
