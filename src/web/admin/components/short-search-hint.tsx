import { useLingui } from "@lingui/react/macro";

/** Under an admin search box: one or two letters find names starting with them (docs/decisions/040). */
export function ShortSearchHint({ search }: { search: string }) {
  const { t } = useLingui();
  const letters = search.trim();
  if (letters === "" || [...letters].length >= 3) return null;
  return (
    <p className="client-search__note" aria-live="polite">
      {t`Names starting with “${letters}”.`}
    </p>
  );
}
