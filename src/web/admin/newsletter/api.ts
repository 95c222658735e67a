import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { NewsletterSubscriberPageResponse } from "../../../domain/api.ts";
import type { SubscriberListQuery } from "../../../domain/newsletter.ts";
import { apiFetch } from "../../api/http.ts";

/** The export: a plain link, so the browser downloads it with the session cookie. */
export const subscribersCsvUrl = "/api/newsletter/subscribers.csv";

/** Confirmed newsletter addresses, one page at a time. */
export function useNewsletterSubscribers(page: number, pageSize: number) {
  // Named by the server's schema, so renaming a parameter there breaks this call at compile time.
  const query = { page: String(page), pageSize: String(pageSize) } satisfies Record<
    keyof SubscriberListQuery,
    string
  >;
  return useQuery({
    queryKey: ["newsletter", "subscribers", query],
    queryFn: ({ signal }) =>
      apiFetch<NewsletterSubscriberPageResponse>(
        `/api/newsletter/subscribers?${new URLSearchParams(query)}`,
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}
