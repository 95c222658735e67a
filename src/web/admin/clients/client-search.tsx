import { useId, useState } from "react";
import type { Client } from "../../../domain/clients.ts";
import { useClientSearch } from "./api.ts";
import { useDebounced } from "./use-debounced.ts";

const RESULTS = 8;

/** Client search (spec §5: case-insensitive substring of first or last name), answered by the server. */
export function ClientSearch({ onSelect }: { onSelect: (client: Client) => void }) {
  const [text, setText] = useState("");
  const search = useDebounced(text.trim());
  const query = useClientSearch(search, 1, RESULTS, search.length > 0);
  const inputId = useId();
  const resultsId = useId();

  return (
    <search className="client-search">
      <label htmlFor={inputId}>Search clients by name</label>
      <input
        id={inputId}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="First or last name"
        aria-controls={resultsId}
        autoComplete="off"
      />
      <div id={resultsId} aria-live="polite">
        {search.length > 0 &&
          (query.isError ? (
            <p className="admin-form__error">Could not search clients. Please try again.</p>
          ) : query.data === undefined ? (
            <p className="client-search__note">Searching…</p>
          ) : query.data.items.length === 0 ? (
            <p className="client-search__note">No clients found.</p>
          ) : (
            <ul className="client-search__results" aria-label="Matching clients">
              {query.data.items.map((client) => (
                <li key={client.id}>
                  <button
                    type="button"
                    className="client-search__result"
                    onClick={() => {
                      onSelect(client);
                      setText("");
                    }}
                  >
                    <span className="client-search__name">
                      {client.firstName} {client.lastName}
                    </span>
                    <span className="client-search__email">{client.email}</span>
                  </button>
                </li>
              ))}
            </ul>
          ))}
      </div>
    </search>
  );
}
