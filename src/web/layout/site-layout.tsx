import { useEffect } from "react";
import { Outlet, useMatches } from "react-router";
import { documentTitle, type PageMeta } from "../page-meta.ts";

export function SiteLayout() {
  const matches = useMatches();
  const meta = (matches.at(-1)?.handle as { meta?: PageMeta } | undefined)?.meta;
  useEffect(() => {
    document.title = documentTitle(meta);
  }, [meta]);
  return (
    <>
      <header>header</header>
      <main id="main">
        <Outlet />
      </main>
      <footer>footer</footer>
    </>
  );
}
