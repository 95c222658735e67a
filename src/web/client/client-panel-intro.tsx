import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../domain/paths.ts";

/**
 * The dashboard's container and welcome: the page draws its content in it, with the signed-in person's name, and
 * its first frame (first-frame.tsx) draws it empty at build time, without a name, so the introduction stands where
 * the page puts it.
 */
export function ClientPanelIntro({ name, children }: { name?: string; children?: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="client-panel client-bookings">
      <section className="client-panel__hero" aria-labelledby="client-panel-title">
        <h1 id="client-panel-title">{name ? t`Welcome, ${name}!` : t`Welcome!`}</h1>
        <p>
          <Trans>
            Follow your class calendar, your progress, your instructor's feedback and your photos here.
          </Trans>
        </p>
        <Link to={paths.contact} className="client-panel__cta">
          <Trans>Get Started</Trans>
        </Link>
      </section>
      {children}
    </div>
  );
}
