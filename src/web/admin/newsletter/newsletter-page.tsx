import { useState } from "react";
import { subscriberPageSize } from "../../../domain/newsletter.ts";
import { Pager } from "../../components/pager.tsx";
import { subscribersCsvUrl, useNewsletterSubscribers } from "./api.ts";
import "./newsletter.css";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** /admin-newsletter: the confirmed newsletter addresses, paged, and the whole list as a CSV file. */
export function NewsletterPage() {
  const [page, setPage] = useState(1);
  const query = useNewsletterSubscribers(page, subscriberPageSize);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / subscriberPageSize));

  return (
    <section className="admin-page">
      <h1>Newsletter</h1>
      <div className="newsletter-admin__summary">
        <p role="status">
          {query.data === undefined
            ? "Loading subscribers…"
            : `${total} confirmed ${total === 1 ? "subscriber" : "subscribers"}`}
        </p>
        <a
          className="admin-button admin-button--secondary newsletter-admin__export"
          href={subscribersCsvUrl}
          download
        >
          Export CSV
        </a>
      </div>

      {query.isError ? (
        <p className="admin-form__error" role="alert">
          Could not load subscribers. Please try again.
        </p>
      ) : query.data && query.data.items.length === 0 ? (
        <p>Nobody has confirmed a subscription yet.</p>
      ) : query.data ? (
        <section className="table-scroll" aria-label="Subscribers table">
          <table className="newsletter-admin__table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Confirmed on</th>
              </tr>
            </thead>
            <tbody>
              {query.data.items.map((subscriber) => (
                <tr key={subscriber.email}>
                  <td className="newsletter-admin__email">{subscriber.email}</td>
                  <td>{dateFormat.format(new Date(subscriber.confirmedAt))}</td>
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
          label="Subscribers pages"
          previousLabel="Prev"
          buttonClassName="admin-button admin-button--secondary"
        />
      )}
    </section>
  );
}
