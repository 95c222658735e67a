import { useEffect, useState } from "react";
import { queryParams } from "../../domain/paths.ts";
import { ApiError, apiFetch } from "../api/http.ts";

/**
 * What a mailed single-use link (a password reset, a guardian invitation) still allows. `found` is the check's
 * answer, or null when the check could not be made (no network): the form shows anyway and the server decides on
 * save.
 */
export type TokenLink<Found> =
  | { state: "checking" }
  | { state: "usable"; found: Found | null }
  | { state: "dead" };

/**
 * Asks `checkPath` (GET, with the token) whether the link can still be used as the page opens, so a used or expired
 * link is said at once. The setter lets the page mark the link dead when a save is refused for it.
 */
export function useTokenLink<Found>(
  checkPath: string,
  token: string,
): [TokenLink<Found>, (link: TokenLink<Found>) => void] {
  const [link, setLink] = useState<TokenLink<Found>>(token ? { state: "checking" } : { state: "dead" });
  useEffect(() => {
    if (!token) return setLink({ state: "dead" });
    const controller = new AbortController();
    setLink({ state: "checking" });
    apiFetch<Found>(`${checkPath}?${new URLSearchParams({ [queryParams.token]: token })}`, {
      signal: controller.signal,
    })
      .then((found) => setLink({ state: "usable", found }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLink(
          error instanceof ApiError && error.code === "invalid-token"
            ? { state: "dead" }
            : { state: "usable", found: null },
        );
      });
    return () => controller.abort();
  }, [checkPath, token]);
  return [link, setLink];
}
