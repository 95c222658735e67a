import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";

/**
 * /feedback's container and introduction, the same for every family: the page draws its content in it, and its
 * first frame (client/first-frame.tsx) draws it empty at build time, so the words stand where the page puts them.
 */
export function FeedbackIntro({ children }: { children?: ReactNode }) {
  return (
    <div className="feedback client-bookings">
      <section className="feedback__hero" aria-labelledby="feedback-title">
        <h1 id="feedback-title">
          <Trans>View Feedback</Trans>
        </h1>
        <p>
          <Trans>Your instructor's notes after each class. Pick a date to read them.</Trans>
        </p>
      </section>
      {children}
    </div>
  );
}
