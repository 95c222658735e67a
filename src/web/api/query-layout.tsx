import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { getAuthState, subscribeAuth } from "../auth/auth-store.ts";
import { duringRender } from "../during-render.ts";
import { renderedState } from "../rendered-state.ts";
import { ApiError } from "./http.ts";

/** A refusal (4xx) will not change on a second try; a network failure or a 5xx may. */
const worthRetrying = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/**
 * The one TanStack Query cache of the signed-in pages (client area and admin area alike). It is a lazy route, so
 * the query library loads with the first signed-in page and never with a public one.
 */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: worthRetrying, staleTime: 10_000 } },
});

// What one user's pages fetched is never shown to the next person signing in on the same browser.
const signedInUserId = () => {
  const auth = getAuthState();
  return "user" in auth ? auth.user.id : null;
};
// A page the server rendered (docs/decisions/058) starts with the answers it was drawn from, for the person it was
// drawn for: the first screen is that page again, in the same paint, without asking twice.
const rendered = renderedState();
for (const { queryKey, data, updatedAt } of rendered?.queries ?? [])
  queryClient.setQueryData(queryKey, data, { updatedAt });
let cachedFor = signedInUserId() ?? rendered?.user.id ?? null;
subscribeAuth(() => {
  const userId = signedInUserId();
  if (userId === cachedFor) return;
  cachedFor = userId;
  queryClient.clear();
});

/** The cache of the page the server is rendering (entry-server.tsx), that request's own, during that render only. */
const renderingWith = duringRender<QueryClient>();
export const renderingOver = renderingWith.run;

export function QueryLayout() {
  return (
    <QueryClientProvider client={renderingWith.current() ?? queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
