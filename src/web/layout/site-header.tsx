import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, NavLink } from "react-router";
import { paths } from "../../domain/paths.ts";
import { MenuDropdown } from "../components/menu-dropdown.tsx";
import { LanguageSwitch } from "../i18n/language-switch.tsx";
import { Logo } from "./logo.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { useLocalizedPath } from "./page-language.ts";
import { clientMenuLinks, publicNavLinks, type SiteChrome } from "./site-chrome.ts";

interface SiteHeaderProps {
  chrome: SiteChrome;
  onLogin: () => void;
  onLogout: () => void;
}

function CartIcon() {
  return (
    <svg
      aria-hidden="true"
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" strokeLinejoin="round" />
      <circle cx="9" cy="20" r="1.4" />
      <circle cx="17" cy="20" r="1.4" />
    </svg>
  );
}

/**
 * The blue bar: links on the left, the logo in the middle, the other language, Login (or Menu and Logout) and Cart
 * on the right. At 768 px or less a menu button opens the full-screen mobile menu instead (the switch is in it).
 * Every public link stays in the page's language.
 */
export function SiteHeader({ chrome, onLogin, onLogout }: SiteHeaderProps) {
  const { t, i18n } = useLingui();
  const localized = useLocalizedPath();
  const [menuOpen, setMenuOpen] = useState(false);
  const authLabel = chrome.authAction === "login" ? t`Login` : t`Logout`;
  const onAuth = chrome.authAction === "login" ? onLogin : onLogout;

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <div className="site-header__start">
          <button
            type="button"
            className="site-header__menu-button"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
              <path
                d="M3 6h18M3 12h18M3 18h18"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
              />
            </svg>
            <span className="visually-hidden">
              <Trans>Open menu</Trans>
            </span>
          </button>
          {chrome.publicLinks && (
            <nav className="site-header__nav" aria-label={t`Main`}>
              <ul>
                {publicNavLinks.map((link) => (
                  <li key={link.to}>
                    <NavLink to={localized(link.to)}>{i18n._(link.label)}</NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
        <Link to={localized(paths.home)} className="site-header__logo">
          <Logo />
        </Link>
        <div className="site-header__end">
          <LanguageSwitch className="site-header__language site-header__wide-only" />
          {chrome.signedInMenu && (
            <div className="site-header__wide-only">
              <MenuDropdown
                label={t`Menu`}
                links={clientMenuLinks.map((link) => ({ to: link.to, label: i18n._(link.label) }))}
              />
            </div>
          )}
          <button type="button" className="site-header__auth site-header__wide-only" onClick={onAuth}>
            {authLabel}
          </button>
          <NavLink to={localized(paths.cart)} className="site-header__cart">
            <CartIcon />
            <span>
              <Trans>Cart</Trans>
            </span>
          </NavLink>
        </div>
      </div>
      <MobileMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        links={[
          ...(chrome.publicLinks ? publicNavLinks : []),
          ...(chrome.signedInMenu ? clientMenuLinks : []),
        ]}
        authLabel={authLabel}
        onAuth={onAuth}
      />
    </header>
  );
}
