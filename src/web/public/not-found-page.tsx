import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { paths } from "../../domain/paths.ts";
import { useLocalizedPath } from "../layout/page-language.ts";
import "./page-hero.css";

export function NotFoundPage() {
  const localized = useLocalizedPath();
  return (
    <section className="page-hero not-found">
      <div className="container">
        <h1>
          <Trans>Page not found</Trans>
        </h1>
        <p className="page-hero__text">
          <Trans>We couldn't find that page. It may have moved, or the link may be wrong.</Trans>
        </p>
        <p>
          <Link to={localized(paths.home)} className="button button--blue not-found__home">
            <Trans>Go to the home page</Trans>
          </Link>
        </p>
      </div>
    </section>
  );
}
