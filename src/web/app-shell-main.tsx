import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { refreshSession } from "./auth/auth-store.ts";
import { activateLocale, rememberLocale, visitorLocale } from "./i18n/catalogues.ts";
import { LocaleProvider } from "./i18n/locale-provider.tsx";
import { routes } from "./routes.tsx";
import "./styles/global.css";

/**
 * The app shell (app.html): the signed-in, password and checkout pages, rendered in the browser in the language of
 * the `lang` cookie (else the browser's). The cookie follows a signed-in person's stored language (signing in and
 * the switch write it), so the page is almost always right at once; when the session says otherwise (the person
 * chose Spanish on another device), the cookie is corrected and the page loads again in their language.
 */
const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from app.html");

const locale = visitorLocale();
const session = refreshSession();
await activateLocale(locale, ["shared", "public", "client"]);

const router = createBrowserRouter(routes);
createRoot(container).render(
  <StrictMode>
    <LocaleProvider>
      <RouterProvider router={router} />
    </LocaleProvider>
  </StrictMode>,
);

const signedIn = await session;
if ((signedIn.status === "admin" || signedIn.status === "client") && signedIn.user.locale !== locale) {
  rememberLocale(signedIn.user.locale);
  // Only once the cookie took: a browser refusing cookies stays in the cookie's language, not in a reload loop.
  if (visitorLocale() === signedIn.user.locale) window.location.reload();
}
