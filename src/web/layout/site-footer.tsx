import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { paths } from "../../domain/paths.ts";
import { Logo } from "./logo.tsx";
import { NewsletterForm } from "./newsletter-form.tsx";
import { useLocalizedPath, useSiteContent } from "./page-language.ts";

/** Shown only when nobody is signed in (see `chromeFor`). Sign Up subscribes to the newsletter (issue 12). */
export function SiteFooter() {
  const content = useSiteContent();
  const localized = useLocalizedPath();
  const { footer, contact } = content;
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Link to={localized(paths.home)} className="site-footer__logo">
            <Logo />
          </Link>
          <p>{footer.tagline}</p>
          <p className="site-footer__contact">
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
            <a href={`tel:${contact.phone.replace(/[^+\d]/g, "")}`}>{contact.phone}</a>
          </p>
        </div>
        <NewsletterForm />
        <div className="site-footer__social">
          <a href={content.socialProfileUrl} rel="noopener" target="_blank">
            <svg
              aria-hidden="true"
              width="22"
              height="22"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <rect x="3" y="3" width="18" height="18" rx="5" />
              <circle cx="12" cy="12" r="4" />
              <circle cx="17.5" cy="6.5" r="1" fill="currentColor" />
            </svg>
            {footer.socialLink}
            <span className="visually-hidden">
              {" "}
              <Trans>(opens in a new tab)</Trans>
            </span>
          </a>
        </div>
      </div>
      <p className="site-footer__legal">© {content.school.name}</p>
    </footer>
  );
}
