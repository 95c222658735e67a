import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditLogResponse } from "../../../domain/audit.ts";
import { apiFetch } from "../../api/http.ts";

/** The owner's audit log (contract: src/domain/audit.ts): one page of entries for a search. */
export interface AuditSearch {
  person: string;
  from: string;
  to: string;
  page: number;
}

export function useAuditLog(search: AuditSearch) {
  const query = new URLSearchParams();
  if (search.person) query.set("person", search.person);
  if (search.from) query.set("from", search.from);
  if (search.to) query.set("to", search.to);
  if (search.page > 1) query.set("page", String(search.page));
  return useQuery({
    queryKey: ["audit-log", search],
    queryFn: ({ signal }) => apiFetch<AuditLogResponse>(`/api/audit-log?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
