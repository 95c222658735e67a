import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { paths } from "../../domain/paths.ts";
import { trapTabKey } from "../components/focus-trap.ts";
import { useCloseOnBack } from "../components/use-close-on-back.ts";
import { useMediaQuery } from "../components/use-media-query.ts";
import { LanguageSwitch } from "../i18n/language-switch.tsx";
import { useLocalizedPath, usePageLocale } from "./page-language.ts";
import { menuMediaQuery, type NavLinkItem } from "./site-chrome.ts";

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  links: readonly NavLinkItem[];
  authLabel: string;
  onAuth: () => void;
}

/**
 * The full-screen menu of narrow screens, on a modal <dialog>: the page behind is inert and does not scroll
 * (global.css), focus moves to its Close button, and Escape, Close, Back, any link or widening the window past
 * the breakpoint closes it; focus then returns to the menu button. A link's page takes the menu's history entry,
 * so Back from it returns to the page the menu was opened on.
 */
export function MobileMenu({ open, onClose, links, authLabel, onAuth }: MobileMenuProps) {
  const { t, i18n } = useLingui();
  const localized = useLocalizedPath();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const narrow = useMediaQuery(menuMediaQuery(usePageLocale()));
  const { pathname } = useLocation();
  const { leaveForNavigation } = useCloseOnBack(open, onClose);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    closeRef.current?.focus();
    const handleClose = () => onCloseRef.current();
    dialog.addEventListener("close", handleClose);
    return () => {
      dialog.removeEventListener("close", handleClose);
      if (dialog.open) dialog.close();
      if (opener?.isConnected && opener.checkVisibility()) opener.focus();
    };
  }, [open]);

  useEffect(() => {
    if (open && !narrow) onCloseRef.current();
  }, [open, narrow]);

  if (!open) return null;
  const link = (path: string, label: string) => {
    const to = localized(path);
    return (
      <NavLink
        to={to}
        replace
        onClick={(event) => {
          // The page already shown: just close, as the Close button does.
          if (to === pathname) event.preventDefault();
          else leaveForNavigation();
          onClose();
        }}
      >
        {label}
      </NavLink>
    );
  };
  return (
    <dialog ref={dialogRef} className="mobile-menu" aria-label={t`Menu`} onKeyDown={trapTabKey}>
      <div className="mobile-menu__top">
        <button ref={closeRef} type="button" className="mobile-menu__close" onClick={onClose}>
          <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
            <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">
            <Trans>Close menu</Trans>
          </span>
        </button>
      </div>
      <nav aria-label={t`Mobile`}>
        <ul className="mobile-menu__links">
          {links.map((item) => (
            <li key={item.to}>{link(item.to, i18n._(item.label))}</li>
          ))}
          <li>{link(paths.cart, t`Cart`)}</li>
        </ul>
      </nav>
      <button
        type="button"
        className="button button--sun mobile-menu__auth"
        onClick={() => {
          onClose();
          onAuth();
        }}
      >
        {authLabel}
      </button>
      <p className="mobile-menu__language">
        <LanguageSwitch className="mobile-menu__language-link" />
      </p>
    </dialog>
  );
}
