import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClientResponse } from "../../../domain/api.ts";
import type { PackType } from "../../../domain/pack-catalogue.ts";
import type {
  ActiveSubscriptionInfo,
  AvailablePack,
  CancelSubscriptionResponse,
  CheckoutSessionResponse,
  LocalCheckoutResponse,
  LocalCheckoutResultResponse,
} from "../../../domain/subscriptions.ts";
import { apiFetch } from "../../api/http.ts";

/**
 * The payments page's and the local checkout page's calls (docs/api.md "Subscriptions and payments"). A purchase
 * or a cancellation refreshes the subscription box and the admin's client queries (plan, package lock).
 */
const paymentsKey = ["payments"] as const;
const id = (value: string) => encodeURIComponent(value);

/** The client's own row: its default package (GET /api/clients/:id is open to the client for their own id). */
export function useOwnClient(userId: string) {
  return useQuery({
    queryKey: [...paymentsKey, "client", userId],
    queryFn: ({ signal }) => apiFetch<ClientResponse>(`/api/clients/${id(userId)}`, { signal }),
  });
}

export function useActiveSubscription(userId: string) {
  return useQuery({
    queryKey: [...paymentsKey, "subscription", userId],
    queryFn: ({ signal }) =>
      apiFetch<ActiveSubscriptionInfo>(`/api/subscriptions/used-classes/${id(userId)}`, { signal }),
  });
}

export function useAvailablePacks(enabled: boolean) {
  return useQuery({
    queryKey: [...paymentsKey, "packs"],
    queryFn: ({ signal }) => apiFetch<AvailablePack[]>("/api/subscriptions/available-packs", { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useStartCheckout() {
  return useMutation({
    mutationFn: (input: { email: string; userId: string; packType: PackType }) =>
      apiFetch<CheckoutSessionResponse>("/api/subscriptions/create-checkout-session", { body: input }),
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { subscriptionId: string; userId: string }) =>
      apiFetch<CancelSubscriptionResponse>("/api/subscriptions/cancel-subscription", { body: input }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentsKey }),
        queryClient.invalidateQueries({ queryKey: ["clients"] }),
        // Canceling frees the classes booked after today: the dashboard and /progress read them again.
        queryClient.invalidateQueries({ queryKey: ["bookings"] }),
      ]),
  });
}

const checkoutPath = (sessionId: string) => `/api/payments/local/${id(sessionId)}`;

export function useLocalCheckout(sessionId: string) {
  return useQuery({
    queryKey: [...paymentsKey, "checkout", sessionId],
    queryFn: ({ signal }) => apiFetch<LocalCheckoutResponse>(checkoutPath(sessionId), { signal }),
  });
}

/** Pay or Cancel on the local checkout: the answer is the address to go to next. */
export function useFinishLocalCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (action: "pay" | "cancel") =>
      apiFetch<LocalCheckoutResultResponse>(`${checkoutPath(sessionId)}/${action}`, { method: "POST" }),
  });
}
