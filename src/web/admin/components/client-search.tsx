import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type KeyboardEvent, useId, useState } from "react";
import type { Client } from "../../../domain/clients.ts";
import { useClientSearch } from "../api/clients.ts";
import { nextActiveOption } from "./listbox-keys.ts";
import { useDebounced } from "./use-debounced.ts";

const RESULTS = 8;

const found = (count: number) => plural(count, { one: "# client found.", other: "# clients found." });

/**
 * Pick a client by name (spec §5: a case-insensitive substring of the first or last name, answered by the
 * server): Register Client, Create Booking, milestones and gallery all start with it. A WAI-ARIA combobox: type,
 * then ArrowDown/ArrowUp and Enter, or click a result; Escape closes the list, then clears the text.
 */
export function ClientSearch({ onSelect, label }: { onSelect: (client: Client) => void; label?: string }) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const search = useDebounced(text.trim());
  const typed = text.trim().length > 0;
  const query = useClientSearch(search, 1, RESULTS, search.length > 0);
  const clients = typed && search.length > 0 ? (query.data?.items ?? []) : [];
  const open = clients.length > 0 && !dismissed;
  const inputId = useId();
  const listId = useId();
  const optionId = (client: Client) => `${listId}-${client.id}`;
  const activeClient = open ? clients[active] : undefined;

  function choose(client: Client) {
    onSelect(client);
    setText("");
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" && activeClient) {
      event.preventDefault();
      choose(activeClient);
    } else if (event.key === "Escape" && open) {
      event.preventDefault(); // a search box would clear itself too: close the list only
      setDismissed(true);
      setActive(-1);
    } else {
      const next = nextActiveOption(event.key, open ? active : -1, clients.length);
      if (next === null) return;
      event.preventDefault();
      setDismissed(false);
      setActive(next);
    }
  }

  const note = !typed
    ? ""
    : query.isError
      ? t`Could not search clients. Please try again.`
      : search.length === 0 || query.data === undefined
        ? t`Searching…`
        : clients.length === 0
          ? t`No clients found.`
          : found(clients.length);

  return (
    <search className="client-search">
      <label htmlFor={inputId}>{label ?? t`Search clients by name`}</label>
      <input
        id={inputId}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeClient ? optionId(activeClient) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
          setDismissed(false);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setDismissed(true)}
        onFocus={() => setDismissed(false)}
        placeholder={t`First or last name`}
        autoComplete="off"
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t`Matching clients`}
        className="client-search__results"
        hidden={!open}
      >
        {clients.map((client, index) => (
          <div
            key={client.id}
            id={optionId(client)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={`client-search__result ${index === active ? "client-search__result--active" : ""}`}
            // Keeps the focus in the text box, so the list stays open until the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(client)}
            onKeyDown={(event) => {
              if (event.key === "Enter") choose(client);
            }}
          >
            <span className="client-search__name">
              {client.firstName} {client.lastName}
            </span>
            <span className="client-search__email">{client.email}</span>
          </div>
        ))}
      </div>
      <p className={query.isError ? "admin-form__error" : "client-search__note"} aria-live="polite">
        {note}
      </p>
    </search>
  );
}
