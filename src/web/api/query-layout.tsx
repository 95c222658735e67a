import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { getAuthState, subscribeAuth } from "../auth/auth-store.ts";
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
let cachedFor = signedInUserId();
subscribeAuth(() => {
  const userId = signedInUserId();
  if (userId === cachedFor) return;
  cachedFor = userId;
  queryClient.clear();
});

export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
