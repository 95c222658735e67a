import { Trans, useLingui } from "@lingui/react/macro";
import "./pager.css";

/**
 * A searched list's pages from its answer: how many (one past this page while a short search says there is more,
 * docs/decisions/040), whether the last is known (`open` when not), and whether the pager shows at all.
 */
export function pagingOf(
  answer: { total: number; totalAtLeast?: boolean } | undefined,
  page: number,
  pageSize: number,
): { pages: number; open: boolean; shown: boolean } {
  const total = answer?.total ?? 0;
  const open = answer?.totalAtLeast === true;
  return {
    pages: open ? page + 1 : Math.max(1, Math.ceil(total / pageSize)),
    open,
    shown: total > pageSize || open || page > 1,
  };
}

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
  open = false,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
  buttonClassName?: string;
  /** "Previous" unless given. */
  previousLabel?: string;
  /** The last page is not known (a short search of many matches is not counted, docs/decisions/040 and 043): "Page X", Next while more. */
  open?: boolean;
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
        {open ? (
          <Trans>Page {page}</Trans>
        ) : (
          <Trans>
            Page {page} of {pages}
          </Trans>
        )}
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
