import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Client, ClientPage, RegisterClientInput, UpdateClientInput } from "../../../domain/clients.ts";
import { apiFetch } from "../../api/http.ts";

const clientsKey = ["clients"] as const;

/** Server-side search and paging: the browser never holds the whole client list. */
export function useClientSearch(search: string, page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: [...clientsKey, "search", { search, page, pageSize }],
    queryFn: ({ signal }) =>
      apiFetch<ClientPage>(
        `/api/clients?${new URLSearchParams({ search, page: String(page), pageSize: String(pageSize) })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRegisterClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterClientInput) =>
      apiFetch<{ client: Client; temporaryPassword: string; message: string }>("/api/clients", {
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateClientInput }) =>
      apiFetch<{ client: Client; message: string }>(`/api/clients/${encodeURIComponent(id)}`, {
        method: "PATCH",
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ message: string }>(`/api/clients/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}
