/**
 * The site's API over real HTTP, as a browser or a script uses it: session cookie kept between calls. Used by
 * the tests that drive a spawned server (backup, crash).
 */
import { addDays, dayInZone } from "../../src/domain/school-day.ts";

export interface ApiAnswer {
  status: number;
  body: unknown;
}

export class ApiClient {
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** Sends JSON (or a multipart form); throws only when no answer came (server gone, connection cut). */
  async request(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body: payload });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      if (at < 0) continue;
      const name = pair.slice(0, at);
      if (/max-age=0\b/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
    const type = response.headers.get("content-type") ?? "";
    return {
      status: response.status,
      body: type.includes("json") ? await response.json() : Buffer.from(await response.arrayBuffer()),
    };
  }

  /** The same session (cookies) against another address: the restarted server. */
  at(baseUrl: string): ApiClient {
    const moved = new ApiClient(baseUrl);
    moved.cookies = new Map(this.cookies);
    return moved;
  }

  async expect<T>(method: string, path: string, body: unknown, status = 200): Promise<T> {
    const answer = await this.request(method, path, body);
    if (answer.status !== status) {
      throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    return answer.body as T;
  }
}

export async function signedIn(baseUrl: string, email: string, password: string): Promise<ApiClient> {
  const api = new ApiClient(baseUrl);
  await api.expect("POST", "/api/session/sign-in", { email, password });
  return api;
}

export interface RegisteredClient {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** Registers a client as the admin does (POST /api/clients). */
export async function registerClient(admin: ApiClient, tag: string): Promise<RegisteredClient> {
  const input = {
    firstName: "Durable",
    lastName: `Client ${tag}`,
    email: `durable-${tag}@example.com`,
    phoneNumber: "5550100",
    defaultPackType: "8_55",
  };
  const { client } = await admin.expect<{ client: { id: string } }>("POST", "/api/clients", input, 201);
  return { id: client.id, email: input.email, firstName: input.firstName, lastName: input.lastName };
}

export interface Checkout {
  sessionId: string;
  /** The subscription the local provider names for this checkout (local-payments.ts). */
  subscriptionId: string;
}

export const checkoutPath = "/api/subscriptions/create-checkout-session";
export const checkoutInput = (client: RegisteredClient, packType = "8_55") => ({
  email: client.email,
  userId: client.id,
  packType,
});

/** The checkout behind the url the local provider answers (/checkout/local/lcs_…). */
export function checkoutFrom(url: string): Checkout {
  const sessionId = url.split("/").pop() ?? "";
  return { sessionId, subscriptionId: `local_sub_${sessionId.replace(/^lcs_/, "")}` };
}

/** Starts the local checkout for a client, as the admin. */
export async function startCheckout(admin: ApiClient, client: RegisteredClient): Promise<Checkout> {
  const { url } = await admin.expect<{ url: string }>("POST", checkoutPath, checkoutInput(client));
  return checkoutFrom(url);
}

/** Pays a local checkout: the purchase goes through the payment-event handler, as a webhook's would. */
export const payPath = (checkout: Checkout) => `/api/payments/local/${checkout.sessionId}/pay`;

/** A client with an active plan of 8 classes, bought through the local checkout. */
export async function buyPlan(admin: ApiClient, client: RegisteredClient): Promise<Checkout> {
  const checkout = await startCheckout(admin, client);
  await admin.expect("POST", payPath(checkout), undefined);
  return checkout;
}

/** A contact message no other call sends (the service stores a resent message once). */
export function contactMessage(tag: string) {
  return {
    firstName: "Visitor",
    lastName: `Number ${tag}`,
    email: `visitor-${tag}@example.com`,
    phoneNumber: "5550199",
    message: `Message ${tag}: do you have a class for beginners on Saturdays?`,
  };
}

/** `count` class days from the day after tomorrow (UTC, the tests' TZ_SCHOOL), so none turns past mid-test. */
export function upcomingDays(count: number): string[] {
  const today = dayInZone(new Date(), "UTC");
  return Array.from({ length: count }, (_, index) => addDays(today, index + 2));
}

/** `count` different days of `days`, sorted. */
export function pickDays(
  days: readonly string[],
  count: number,
  random: () => number = Math.random,
): string[] {
  const pool = [...days];
  const picked: string[] = [];
  while (picked.length < count && pool.length > 0) {
    picked.push(...pool.splice(Math.floor(random() * pool.length), 1));
  }
  return picked.sort();
}
