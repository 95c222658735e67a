/**
 * The school's settings an owner changes on School settings (/admin/settings, issue 24): its contacts, the contract
 * form's address, its social profile and its reels. Stored in the database (server/settings); while nothing is
 * stored, site.json's values are the settings (`settingsOfContent`). The rules here are the one place that says
 * what a good value is (with its words in school-settings-schema.ts), for the pages and the server alike
 * (docs/decisions/020). No zod here: the public pages read this module.
 */
export interface ReelSetting {
  /** The reel's Instagram address: https://www.instagram.com/reel/<id>/ (or /p/<id>/). */
  url: string;
  caption: string;
  /** The caption in Spanish; blank: the English one shows on Spanish pages. */
  captionEs: string;
  /** A stand-in until the school gives its own reel: shown as a still, never as a playable reel. */
  sample: boolean;
}

export type SettingsField =
  | "email"
  | "phone"
  | "socialProfileUrl"
  | "contractFormUrl"
  | "reelUrl"
  | "caption";

export interface SchoolSettings {
  email: string;
  phone: string;
  socialProfileUrl: string;
  contractFormUrl: string;
  reels: ReelSetting[];
}

/** The home page's reel grid (spec §3: 12 reels): one setting per place, each place keeping its own still. */
export const reelSlots = 12;

/**
 * "Really embeddable", checkably and without fetching anything: the address is one of the form hosts below whose
 * form pages are made to be framed by another site, in the shape of a form (not the host's home page, a sign-in
 * page or a short link that redirects). A fetch from the server could not tell either: a form host answers 200 to
 * any address and says whether it may be framed only to a browser (docs/decisions/020).
 */
const formHosts: { host: RegExp; path: RegExp; search?: RegExp }[] = [
  // Jotform: form.jotform.com/<form number>
  { host: /^(form|www|eu|hipaa)\.jotform\.(com|eu)$/, path: /^\/(\d{10,20})\/?$/ },
  // Google Forms: docs.google.com/forms/d/e/<id>/viewform
  { host: /^docs\.google\.com$/, path: /^\/forms\/d\/e\/[\w-]{20,}\/viewform\/?$/ },
  // Microsoft Forms: forms.office.com/r/<id>, or the response page with its id
  { host: /^forms\.(office|microsoft)\.com$/, path: /^\/(r|e)\/[\w-]{6,}\/?$/ },
  {
    host: /^forms\.(office|microsoft)\.com$/,
    path: /^\/Pages\/ResponsePage\.aspx$/i,
    search: /[?&]id=[\w-]{10,}/,
  },
  // Typeform: <account>.typeform.com/to/<id>
  { host: /^[a-z0-9-]+\.typeform\.com$/, path: /^\/to\/[\w-]{4,}\/?$/ },
  // Tally: tally.so/r/<id> or tally.so/embed/<id>
  { host: /^tally\.so$/, path: /^\/(r|embed)\/[\w-]{4,}\/?$/ },
  // Cognito Forms: www.cognitoforms.com/<organisation>/<form>
  { host: /^www\.cognitoforms\.com$/, path: /^\/[\w-]+\/[\w-]+\/?$/ },
  // Zoho Forms: forms.zohopublic.<region>/<account>/form/<name>/formperma/<key>
  { host: /^forms\.zohopublic\.[a-z.]+$/, path: /^\/[\w-]+\/form\/[\w-]+\/formperma\/[\w-]+\/?$/ },
];

/** The contract form address as site.json ships it: a form number of zeros, which no form host gives out. */
export const isSampleFormUrl = (text: string) => /^https:\/\/form\.jotform\.com\/0+\/?$/.test(text.trim());

/** Whether `text` is the address of a form page on a known form host (see formHosts). */
export function isEmbeddableFormUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return false;
  }
  if (!isWebAddress(url)) return false;
  return formHosts.some(
    (form) =>
      form.host.test(url.hostname.toLowerCase()) &&
      form.path.test(url.pathname) &&
      (!form.search || form.search.test(url.search)),
  );
}

/** An https address a person could reach: a dotted host name, no credentials, the default port. */
export function isWebAddress(url: URL): boolean {
  return (
    url.protocol === "https:" &&
    /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname) &&
    !url.username &&
    !url.password &&
    !url.port
  );
}

/** An Instagram reel's or post's address. */
export const instagramReel = /^https:\/\/(www\.)?instagram\.com\/(reel|p)\/([\w-]{5,40})\/?$/;

/** The framed page of a reel: Instagram's own embed page of it. */
export function reelEmbedUrl(url: string): string {
  const match = instagramReel.exec(url.trim());
  if (!match) return url;
  return `https://www.instagram.com/${match[2]}/${match[3]}/embed`;
}

/** A reel's address as stored: Instagram's canonical form (www, a closing slash, no tracking parameters). */
export function canonicalReelUrl(url: string): string {
  const trimmed = url.trim();
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return trimmed;
  }
  const match = instagramReel.exec(`${parsed.origin}${parsed.pathname}`);
  return match ? `https://www.instagram.com/${match[2]}/${match[3]}/` : trimmed;
}

/** The part of site.json the settings replace. */
export interface SettingsContent {
  contact: { email: string; phone: string };
  socialProfileUrl: string;
  contractFormUrl: string;
  reels: readonly { url: string; caption: string; sample?: boolean }[];
}

/** site.json's values as settings: what everyone sees while the database holds none. */
export function settingsOfContent(english: SettingsContent, spanishCaptions: readonly string[] = []) {
  return {
    email: english.contact.email,
    phone: english.contact.phone,
    socialProfileUrl: english.socialProfileUrl,
    contractFormUrl: english.contractFormUrl,
    reels: english.reels.slice(0, reelSlots).map((reel, index) => ({
      url: reel.url,
      caption: reel.caption,
      captionEs: spanishCaptions[index] ?? "",
      sample: Boolean(reel.sample),
    })),
  } satisfies SchoolSettings;
}

/** Every third-party origin the pages may frame with these settings: the reels' and the contract form's. */
export function embedOriginsOf(settings: SchoolSettings): string[] {
  const urls = [...settings.reels.map((reel) => reelEmbedUrl(reel.url)), settings.contractFormUrl];
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      if (url) origins.add(new URL(url).origin);
    } catch {
      // Not an address: nothing to allow.
    }
  }
  return [...origins];
}

/** What the setup checklist on /admin can ask for, in its order. */
export const setupItems = ["contractForm", "contacts", "reels", "mail", "payments"] as const;
export type SetupItem = (typeof setupItems)[number];

/** What still holds a sample value or is not set up: `defaults` are site.json's settings. */
export function setupToDo(
  settings: SchoolSettings,
  defaults: SchoolSettings,
  server: { mailConfigured: boolean; paymentsLive: boolean },
): SetupItem[] {
  const open: Record<SetupItem, boolean> = {
    contractForm:
      isSampleFormUrl(settings.contractFormUrl) || settings.contractFormUrl === defaults.contractFormUrl,
    contacts: settings.email === defaults.email || settings.phone === defaults.phone,
    reels: settings.reels.some((reel) => reel.sample),
    mail: !server.mailConfigured,
    payments: !server.paymentsLive,
  };
  return setupItems.filter((item) => open[item]);
}

/**
 * The attribute of a served page's root (#root) holding the saved settings as JSON, written by the server as it
 * sends the page (server/web/static-site.ts): the page has them with its HTML, no request of its own. Absent while
 * none are saved.
 */
export const settingsAttribute = "data-settings";
