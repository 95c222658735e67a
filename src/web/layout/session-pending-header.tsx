import { Link } from "react-router";
import { paths } from "../../domain/paths.ts";
import { Logo } from "./logo.tsx";
import { useLocalizedPath } from "./page-language.ts";

/**
 * The header of a page rendered in the browser while the session is still being asked for: the blue bar and the
 * logo only, so a signed-in person never glimpses the visitor's Login, links and footer before their own.
 */
export function SessionPendingHeader() {
  const localized = useLocalizedPath();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <span />
        <Link to={localized(paths.home)} className="site-header__logo">
          <Logo />
        </Link>
        <span />
      </div>
    </header>
  );
}
