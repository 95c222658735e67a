import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Locale } from "../../domain/locale.ts";
import { type AppPath, paths } from "../../domain/paths.ts";
import { mobileBreakpointPx } from "../styles/breakpoints.ts";
import type { AuthStatus } from "./auth-seam.ts";

export interface SiteChrome {
  /** The blue header bar: never for an admin (the admin area has its own chrome). */
  header: boolean;
  /** Services, About, Our Team, Contact, Shop: hidden once a client is signed in. */
  publicLinks: boolean;
  /** The "Menu" dropdown of the client's pages. */
  signedInMenu: boolean;
  /** Only when nobody is signed in. */
  footer: boolean;
  /** The auth button in the header. */
  authAction: "login" | "logout";
}

/**
 * Spec §2: the public navigation shows when nobody is signed in or a client is (left links hidden for a client),
 * never for an admin; the footer only when nobody is signed in; the Menu dropdown once signed in.
 * "loading" draws the signed-out chrome, as the prerendered HTML does.
 */
export function chromeFor(status: AuthStatus): SiteChrome {
  const signedIn = status === "client" || status === "admin";
  return {
    header: status !== "admin",
    publicLinks: !signedIn,
    signedInMenu: signedIn,
    footer: !signedIn,
    authAction: signedIn ? "logout" : "login",
  };
}

/** A link of the header's menus: its label is translated where it is shown, in the page's language. */
export interface NavLinkItem {
  to: AppPath;
  label: MessageDescriptor;
}

export const publicNavLinks: readonly NavLinkItem[] = [
  { to: paths.services, label: msg`Services` },
  { to: paths.about, label: msg`About` },
  { to: paths.ourTeam, label: msg`Our Team` },
  { to: paths.contact, label: msg`Contact` },
  { to: paths.shop, label: msg`Shop` },
];

/** The signed-in client's pages, in the header's Menu dropdown (the header menu links to /payments, spec §2). */
export const clientMenuLinks: readonly NavLinkItem[] = [
  { to: paths.clientPanel, label: msg`Dashboard` },
  { to: paths.progress, label: msg`Class Progress` },
  { to: paths.feedback, label: msg`View Feedback` },
  { to: paths.milestones, label: msg`Milestones` },
  { to: paths.gallery, label: msg`Gallery` },
  { to: paths.payments, label: msg`Manage Payments` },
  { to: paths.contract, label: msg`View Contract` },
];

/**
 * Up to which width the header shows the menu button instead of its links: the spec's 768 px, and 1100 px for
 * Spanish, whose longer words do not fit the bar below that (layout.css spells the same numbers).
 */
const menuButtonUpToPx: Record<Locale, number> = { en: mobileBreakpointPx, es: 1100 };
export const menuMediaQuery = (locale: Locale) => `(max-width: ${menuButtonUpToPx[locale]}px)`;
