import { useLingui } from "@lingui/react";
import type { MouseEvent } from "react";
import { useLocation } from "react-router";
import { isLocale, type Locale, localeNames, localizedPath, unlocalizedPath } from "../../domain/locale.ts";
import { publicPaths } from "../../domain/paths.ts";
import { apiFetch } from "../api/http.ts";
import { useAuth } from "../auth/auth-store.ts";
import { rememberLocale } from "./locale-cookie.ts";

/**
 * The other language, as a link: a public page goes to its address in that language (/services ↔ /es/services);
 * any other page loads again in it. A signed-in person's choice is stored first, so their mails and reminders
 * follow it (docs/decisions/018). The link is named in its own language ("Español"), as a speaker looks for it,
 * and says so (`lang`), so a screen reader reads it in that language.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { i18n } = useLingui();
  const auth = useAuth();
  const { pathname, search, hash } = useLocation();
  const current: Locale = isLocale(i18n.locale) ? i18n.locale : "en";
  const other: Locale = current === "en" ? "es" : "en";
  const bare = unlocalizedPath(pathname).replace(/(.)\/+$/, "$1");
  const onPublicPage = (publicPaths as readonly string[]).includes(bare);
  const href = `${onPublicPage ? localizedPath(pathname, other) : pathname}${search}${hash}`;

  const choose = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    rememberLocale(other);
    if ("user" in auth) {
      // The page loads in the new language either way; a failed save only means mails keep the old one.
      await apiFetch("/api/session/locale", { method: "PUT", body: { locale: other } }).catch(
        () => undefined,
      );
    }
    window.location.assign(href);
  };

  // Held until the page is interactive (public/early-clicks.ts): followed as a plain link, it would reach the
  // English address before the choice is remembered, and a Spanish browser's first visit is sent back to Spanish.
  // Where room is short (the header between 769 and 1100 px, layout.css) it shows the language's code ("ES"),
  // and its name only to a screen reader: the link is named "Español" either way.
  return (
    <a className={className} href={href} hrefLang={other} lang={other} onClick={choose} data-hold-click="">
      <span className="language-switch__name">{localeNames[other]}</span>
      <span className="language-switch__code" aria-hidden="true" hidden>
        {other.toUpperCase()}
      </span>
    </a>
  );
}
