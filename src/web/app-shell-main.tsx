import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { refreshSession } from "./auth/auth-store.ts";
import { activateLocale, type CataloguePart, rememberLocale, visitorLocale } from "./i18n/catalogues.ts";
import { LocaleProvider } from "./i18n/locale-provider.tsx";
import { routes } from "./routes.tsx";
import "./styles/global.css";

/**
 * The app shell (app.html): the signed-in, password and checkout pages, rendered in the browser, in the signed-in
 * person's stored language (else the switch's cookie, else the browser's). The words for the guess are fetched
 * beside the session, so a right guess (the usual case: signing in writes the cookie) costs no extra wait.
 */
const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from app.html");

const guess = visitorLocale();
const partsFor = (role: string): CataloguePart[] =>
  role === "admin" ? ["shared", "public", "client", "admin"] : ["shared", "public", "client"];
const [session] = await Promise.all([refreshSession(), activateLocale(guess, partsFor("client"))]);
const locale = session.status === "admin" || session.status === "client" ? session.user.locale : guess;
if (locale !== guess) rememberLocale(locale);
await activateLocale(locale, partsFor(session.status));

const router = createBrowserRouter(routes);
createRoot(container).render(
  <StrictMode>
    <LocaleProvider>
      <RouterProvider router={router} />
    </LocaleProvider>
  </StrictMode>,
);
