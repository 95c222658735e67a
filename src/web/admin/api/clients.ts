import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ClientPageResponse,
  ClientResetLinkResponse,
  DeleteClientResponse,
  RegisterClientResponse,
  TemporaryPasswordResponse,
  UpdateClientResponse,
} from "../../../domain/api.ts";
import type { ClientListQuery, RegisterClientInput, UpdateClientInput } from "../../../domain/clients.ts";
import { apiFetch } from "../../api/http.ts";

/**
 * The admin's client calls, shared by every admin feature that picks or edits a client (register, clients list,
 * and next Create Booking, milestones and gallery). Every mutation refreshes every client query.
 */
const clientsKey = ["clients"] as const;

const clientPath = (id: string) => `/api/clients/${encodeURIComponent(id)}`;

/** Server-side search and paging: the browser never holds the whole client list. */
export function useClientSearch(search: string, page: number, pageSize: number, enabled = true) {
  // Named by the server's schema, so renaming a parameter there breaks this call at compile time.
  const query = {
    search,
    page: String(page),
    pageSize: String(pageSize),
  } satisfies Record<keyof ClientListQuery, string>;
  return useQuery({
    queryKey: [...clientsKey, "search", query],
    queryFn: ({ signal }) =>
      apiFetch<ClientPageResponse>(`/api/clients?${new URLSearchParams(query)}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRegisterClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterClientInput) =>
      apiFetch<RegisterClientResponse>("/api/clients", { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateClientInput }) =>
      apiFetch<UpdateClientResponse>(clientPath(id), { method: "PATCH", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<DeleteClientResponse>(clientPath(id), { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}

/** A new temporary password for a client who lost theirs; the server answers it this once. */
export function useIssueTemporaryPassword() {
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<TemporaryPasswordResponse>(`${clientPath(id)}/temporary-password`, {
        method: "POST",
        body: {},
      }),
  });
}

/** Mails the client the password-reset link. */
export function useSendResetLink() {
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<ClientResetLinkResponse>(`${clientPath(id)}/reset-link`, { method: "POST", body: {} }),
  });
}
