import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { subscriberPageSize } from "../../../domain/newsletter.ts";
import { Pager } from "../../components/pager.tsx";
import { formatMoment } from "../../i18n/format.ts";
import { subscribersCsvUrl, useNewsletterSubscribers } from "./api.ts";
import "./newsletter.css";

/** /admin-newsletter: the confirmed newsletter addresses, paged, and the whole list as a CSV file. */
export function NewsletterPage() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const query = useNewsletterSubscribers(page, subscriberPageSize);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / subscriberPageSize));

  return (
    <section className="admin-page">
      <h1>
        <Trans>Newsletter</Trans>
      </h1>
      <div className="newsletter-admin__summary">
        <p role="status">
          {query.data === undefined
            ? t`Loading subscribers…`
            : plural(total, { one: "# confirmed subscriber", other: "# confirmed subscribers" })}
        </p>
        <a
          className="admin-button admin-button--secondary newsletter-admin__export"
          href={subscribersCsvUrl}
          download
        >
          <Trans>Export CSV</Trans>
        </a>
      </div>

      {query.isError ? (
        <p className="admin-form__error" role="alert">
          <Trans>Could not load subscribers. Please try again.</Trans>
        </p>
      ) : query.data && query.data.items.length === 0 ? (
        <p>
          <Trans>Nobody has confirmed a subscription yet.</Trans>
        </p>
      ) : query.data ? (
        <section className="table-scroll" aria-label={t`Subscribers table`}>
          <table className="newsletter-admin__table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Email</Trans>
                </th>
                <th scope="col">
                  <Trans>Confirmed on</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.items.map((subscriber) => (
                <tr key={subscriber.email}>
                  <td className="newsletter-admin__email">{subscriber.email}</td>
                  <td>{formatMoment(new Date(subscriber.confirmedAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      {total > subscriberPageSize && (
        <Pager
          page={page}
          pages={pages}
          onPage={setPage}
          label={t`Subscribers pages`}
          previousLabel={t`Prev`}
          buttonClassName="admin-button admin-button--secondary"
        />
      )}
    </section>
  );
}
