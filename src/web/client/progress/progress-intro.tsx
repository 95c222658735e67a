import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";

/**
 * /progress's container and introduction, the same for every family: the page draws its content in it, and its
 * first frame (client/first-frame.tsx) draws it empty at build time, so the words stand where the page puts them.
 */
export function ProgressIntro({ children }: { children?: ReactNode }) {
  return (
    <div className="progress client-bookings">
      <section className="progress__hero" aria-labelledby="progress-title">
        <h1 id="progress-title">
          <Trans>Class Progress</Trans>
        </h1>
        <p>
          <Trans>
            Every class is a step forward in the water. See your booked classes on the calendar and how far
            you are in your package.
          </Trans>
        </p>
      </section>
      {children}
    </div>
  );
}
