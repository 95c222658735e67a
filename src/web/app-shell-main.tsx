import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { localeTags } from "../domain/locale.ts";
import { formatter } from "../domain/school-day.ts";
import { adoptRenderedSession, refreshSession } from "./auth/auth-store.ts";
import { activateLocale, type CataloguePart } from "./i18n/catalogues.ts";
import { rememberLocale, visitorLocale } from "./i18n/locale-cookie.ts";
import { LocaleProvider } from "./i18n/locale-provider.tsx";
import { nextTask } from "./next-task.ts";
import { replayHeldClicksWhenRedrawn } from "./public/early-clicks.ts";
import { rootErrorOptions } from "./recoverable-errors.ts";
import { renderedState } from "./rendered-state.ts";
import { AppShellRoutes, preloadRoutes } from "./routes.tsx";
import "./styles/global.css";
import "./styles/first-frame.css";

/**
 * The app shell (app.html): the signed-in, password and checkout pages, rendered in the browser. It draws as soon
 * as the words of the `lang` cookie's language (else the browser's) arrive, so the route guard's Loading... shows
 * while the session is asked for (spec §2); before any page hears the session, the signed-in person's stored
 * language is made the page's (and the cookie's), so every page paints in it from the first frame.
 */
const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from app.html");

const partsFor = (role: string): CataloguePart[] =>
  role === "admin" || role === "instructor"
    ? ["shared", "public", "client", "admin"]
    : ["shared", "public", "client"];
// A page the server rendered for the person (docs/decisions/058) says who they are and speaks their language.
const rendered = renderedState();
const guess = rendered?.user.locale ?? visitorLocale();
const guessed = activateLocale(guess, partsFor(rendered?.user.role ?? "client"));
if (rendered) {
  if (guess !== visitorLocale()) rememberLocale(guess);
} else {
  void refreshSession(async (session) => {
    await guessed;
    const locale = "user" in session ? session.user.locale : guess;
    if (locale !== guess) rememberLocale(locale);
    await activateLocale(locale, partsFor(session.status));
  });
}
// The first page's code loads at once, beside the words and the session, and the app first renders once both are
// there. A page whose code failed to load renders its error (routes.tsx), not the first frame over it. Not a
// top-level await: the page's chunks import this one, and would wait for it to finish.
const firstPage = preloadRoutes(window.location.pathname).catch(() => undefined);
// The first date formatter a page builds loads the browser's language data (ICU): 30-40 ms of a phone's CPU, which
// fell in the render of the page's first dates. It is built here, in a task of its own while the page's code and
// data download, and kept for the page (docs/decisions/050).
void nextTask().then(() => formatter(localeTags[guess], { dateStyle: "long", timeZone: "UTC" }));
// The first screen renders in a transition, which React splits into short tasks, giving the phone back between
// them, instead of one task as long as the whole page (issue 31: total blocking time); the page's HTML shows its
// first frame meanwhile, where it has one (docs/decisions/048).
void Promise.all([guessed, firstPage]).then(() => {
  if (rendered) {
    adoptRenderedSession(rendered.user);
    // The boot script that asked for this one holds the clicks the drawn page cannot answer yet; the app's page
    // answers them once it has taken the drawn one's place.
    replayHeldClicksWhenRedrawn(container);
  }
  const root = createRoot(container, rootErrorOptions);
  startTransition(() =>
    root.render(
      <StrictMode>
        <LocaleProvider>
          <BrowserRouter>
            <AppShellRoutes />
          </BrowserRouter>
        </LocaleProvider>
      </StrictMode>,
    ),
  );
});
