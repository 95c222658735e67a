import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { paths } from "../../domain/paths.ts";
import { LanguageSwitch } from "../i18n/language-switch.tsx";
import { useSiteContent } from "./page-language.ts";
import "./signed-in-chrome.css";

/**
 * An admin on a public or client page: the spec hides the public header and footer from admins, so this slim
 * bar takes their place, with the way back to the admin area, the other language and Logout.
 */
export function AdminSiteBar({ onLogout }: { onLogout: () => void }) {
  const school = useSiteContent().school.name;
  return (
    <header className="admin-site-bar">
      <div className="admin-site-bar__inner">
        <p className="admin-site-bar__who">
          <span className="admin-site-bar__brand">{school}</span>
          <span className="admin-site-bar__role">
            <Trans>Signed in as admin</Trans>
          </span>
        </p>
        <div className="admin-site-bar__actions">
          <LanguageSwitch className="admin-site-bar__language" />
          <Link to={paths.admin} className="admin-site-bar__back">
            <span aria-hidden="true">← </span>
            <Trans>Back to admin</Trans>
          </Link>
          <button type="button" className="admin-site-bar__logout" onClick={onLogout}>
            <Trans>Logout</Trans>
          </button>
        </div>
      </div>
    </header>
  );
}
