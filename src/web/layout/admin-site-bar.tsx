import { Link } from "react-router";
import content from "../../content/site.json";
import { paths } from "../../domain/paths.ts";
import "./signed-in-chrome.css";

/**
 * An admin on a public or client page: the spec hides the public header and footer from admins, so this slim
 * bar takes their place, with the way back to the admin area and Logout.
 */
export function AdminSiteBar({ onLogout }: { onLogout: () => void }) {
  return (
    <header className="admin-site-bar">
      <div className="admin-site-bar__inner">
        <p className="admin-site-bar__who">
          <span className="admin-site-bar__brand">{content.school.name}</span>
          <span className="admin-site-bar__role">Signed in as admin</span>
        </p>
        <div className="admin-site-bar__actions">
          <Link to={paths.admin} className="admin-site-bar__back">
            <span aria-hidden="true">← </span>Back to admin
          </Link>
          <button type="button" className="admin-site-bar__logout" onClick={onLogout}>
            Logout
          </button>
        </div>
      </div>
    </header>
  );
}
