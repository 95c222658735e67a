import { useLingui } from "@lingui/react/macro";
import { isShortSearch, searchKey } from "../../../domain/search.ts";

/** Under an admin search box: one or two letters find names starting with them (docs/decisions/040). */
export function ShortSearchHint({ search }: { search: string }) {
  const { t } = useLingui();
  const letters = search.trim();
  if (!isShortSearch(searchKey(letters))) return null;
  return (
    <p className="client-search__note" aria-live="polite">
      {t`Names starting with “${letters}”.`}
    </p>
  );
}
