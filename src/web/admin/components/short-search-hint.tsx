import { useLingui } from "@lingui/react/macro";

/**
 * Under an admin search box: one or two letters find names starting with them (docs/decisions/040), and a list
 * counted no further than 1,000 says so.
 */
export function ShortSearchHint({ search, totalAtLeast }: { search: string; totalAtLeast?: boolean }) {
  const { t } = useLingui();
  const letters = search.trim();
  if (letters === "" || [...letters].length >= 3) return null;
  return (
    <p className="client-search__note" aria-live="polite">
      {totalAtLeast
        ? t`Names starting with “${letters}”: over 1,000, type more letters.`
        : t`Names starting with “${letters}”.`}
    </p>
  );
}
