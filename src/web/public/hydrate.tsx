import { StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { refreshSession } from "../auth/auth-store.ts";
import { LocaleProvider } from "../i18n/locale-provider.tsx";
import { PublicApp } from "./public-app.tsx";

function WhenHydrated({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

/** Makes the prerendered page in `container` interactive; `onHydrated` runs once React has taken it over. */
export function hydrate(container: HTMLElement, onHydrated: () => void): void {
  void refreshSession();
  hydrateRoot(
    container,
    <StrictMode>
      <LocaleProvider>
        <BrowserRouter>
          <PublicApp />
        </BrowserRouter>
        <WhenHydrated then={onHydrated} />
      </LocaleProvider>
    </StrictMode>,
  );
}
