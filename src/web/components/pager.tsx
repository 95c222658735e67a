import { Trans, useLingui } from "@lingui/react/macro";
import "./pager.css";

/**
 * Previous / Page X of Y / Next (spec §2; the admin's lists say Prev). The caller keeps the page (in the address,
 * where a reload and Back keep it) and gives its own button look.
 */
export function Pager({
  page,
  pages,
  onPage,
  label,
  buttonClassName = "button button--blue",
  previousLabel,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
  buttonClassName?: string;
  /** "Previous" unless given. */
  previousLabel?: string;
}) {
  const { t } = useLingui();
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className={buttonClassName}
        disabled={page <= 1}
        onClick={() => onPage(Math.min(page - 1, pages))}
      >
        {previousLabel ?? t`Previous`}
      </button>
      <span className="pager__status">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      <button
        type="button"
        className={buttonClassName}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
