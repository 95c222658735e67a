import { randomBytes } from "node:crypto";
import { addDays } from "../../src/domain/school-day.ts";

/**
 * The soak's traffic: signed-in clients reading their dashboard, an admin at work, visitors writing to the school.
 * Every request goes to the next instance in turn, so each user's session is used on both; each answer is checked
 * against the status its action expects, and anything else (or no answer) counts as an error.
 */

export interface ActionStats {
  count: number;
  errors: number;
  durationsMs: number[];
}

export interface SoakError {
  action: string;
  instance: string;
  detail: string;
}

export class Traffic {
  readonly stats = new Map<string, ActionStats>();
  readonly perInstance = new Map<string, number>();
  readonly errors: SoakError[] = [];
  private next = 0;

  constructor(private readonly instances: readonly { name: string; url: string }[]) {}

  get requests(): number {
    return [...this.stats.values()].reduce((sum, each) => sum + each.count, 0);
  }

  get errorCount(): number {
    return [...this.stats.values()].reduce((sum, each) => sum + each.errors, 0);
  }

  /** One request to the next instance; the parsed JSON answer when the status is the expected one, else null. */
  async send<T = unknown>(
    action: string,
    request: {
      method: string;
      path: string;
      cookie?: string;
      address?: string;
      body?: unknown;
      expect: number;
    },
  ): Promise<{ json: T | null; response: Response | null }> {
    const instance = this.instances[this.next++ % this.instances.length] as { name: string; url: string };
    this.perInstance.set(instance.name, (this.perInstance.get(instance.name) ?? 0) + 1);
    const stats = this.stats.get(action) ?? { count: 0, errors: 0, durationsMs: [] };
    this.stats.set(action, stats);
    stats.count++;
    const headers: Record<string, string> = {};
    if (request.cookie) headers.cookie = request.cookie;
    if (request.address) headers["x-forwarded-for"] = request.address;
    if (request.body !== undefined) headers["content-type"] = "application/json";
    const started = performance.now();
    try {
      const response = await fetch(`${instance.url}${request.path}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      const text = await response.text();
      stats.durationsMs.push(performance.now() - started);
      if (response.status !== request.expect) {
        this.fail(
          stats,
          action,
          instance.name,
          `${request.method} ${request.path} answered ${response.status}: ${text.slice(0, 200)}`,
        );
        return { json: null, response };
      }
      return { json: text ? (JSON.parse(text) as T) : null, response };
    } catch (error) {
      stats.durationsMs.push(performance.now() - started);
      this.fail(stats, action, instance.name, `${request.method} ${request.path}: ${String(error)}`);
      return { json: null, response: null };
    }
  }

  private fail(stats: ActionStats, action: string, instance: string, detail: string) {
    stats.errors++;
    if (this.errors.length < 20) this.errors.push({ action, instance, detail });
  }
}

export interface Account {
  id: string;
  email: string;
  cookie: string;
  /** The X-Forwarded-For this user comes from (the instances trust one proxy). */
  address: string;
}

/** Signs in through the real route; the session cookie of the answer. */
export async function signIn(traffic: Traffic, email: string, password: string, address: string) {
  const { response } = await traffic.send("sign in", {
    method: "POST",
    path: "/api/session/sign-in",
    address,
    body: { email, password },
    expect: 200,
  });
  if (response?.status !== 200) throw new Error(`sign-in failed for ${email}`);
  return response.headers
    .getSetCookie()
    .filter((cookie) => !/max-age=0\b/i.test(cookie))
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Between two requests of one user: 50 to 150 ms, like a quick person on a fast page. */
const think = () => pause(50 + Math.random() * 100);
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** A signed-in client on their dashboard: bookings, used classes, milestones, gallery, and activity heartbeats. */
export async function clientLoop(traffic: Traffic, client: Account, until: number): Promise<void> {
  const as = { cookie: client.cookie, address: client.address };
  const year = new Date().getFullYear();
  const actions = [
    () =>
      traffic.send("client: bookings", {
        method: "GET",
        path: `/api/clients/${client.id}/bookings`,
        ...as,
        expect: 200,
      }),
    () =>
      traffic.send("client: used classes", {
        method: "GET",
        path: `/api/subscriptions/used-classes/${client.id}`,
        ...as,
        expect: 200,
      }),
    () =>
      traffic.send("client: milestones", {
        method: "GET",
        path: `/api/clients/${client.id}/milestones?year=${year}`,
        ...as,
        expect: 200,
      }),
    () =>
      traffic.send("client: gallery", {
        method: "GET",
        path: `/api/clients/${client.id}/gallery?type=image`,
        ...as,
        expect: 200,
      }),
    () =>
      traffic.send("heartbeat", {
        method: "POST",
        path: "/api/session/heartbeat",
        ...as,
        body: { idleMs: 0 },
        expect: 204,
      }),
  ];
  while (Date.now() < until) {
    await pick(actions)();
    await think();
  }
}

interface BookingPage {
  items: { id: number; dates: { date: string }[] }[];
  today: string;
}
interface Draft {
  selectable: number;
  today: string;
}

const searches = ["em", "li", "a", "ga", "son", "ma", "noah", "vega", "o", "lu"];
const feedbackLines = [
  "Great kicks today.",
  "Better breathing on the left.",
  "Floated alone for ten seconds!",
];

/**
 * The admin: searches clients and bookings, books dates for clients with an active plan (far ahead, so they never
 * meet the demo data's own dates), writes feedback for a class of a booking from the list whose day has come, and
 * sends heartbeats.
 */
export async function adminLoop(
  traffic: Traffic,
  admin: Account,
  clientsWithPlan: readonly string[],
  until: number,
): Promise<void> {
  const as = { cookie: admin.cookie, address: admin.address };
  const searchBookings = async () =>
    (
      await traffic.send<BookingPage>("admin: search bookings", {
        method: "GET",
        path: `/api/bookings?search=${pick(searches)}&page=1`,
        ...as,
        expect: 200,
      })
    ).json;
  const actions = [
    () =>
      traffic.send("admin: search clients", {
        method: "GET",
        path: `/api/clients?search=${pick(searches)}`,
        ...as,
        expect: 200,
      }),
    searchBookings,
    async () => {
      const clientId = pick(clientsWithPlan);
      const { json: draft } = await traffic.send<Draft>("admin: booking draft", {
        method: "GET",
        path: `/api/bookings/draft/${clientId}`,
        ...as,
        expect: 200,
      });
      if (!draft || draft.selectable < 1) return;
      const count = 1 + Math.floor(Math.random() * Math.min(draft.selectable, 3));
      const dates = new Set<string>();
      while (dates.size < count) dates.add(addDays(draft.today, 400 + Math.floor(Math.random() * 600)));
      await traffic.send("admin: book dates", {
        method: "POST",
        path: "/api/bookings",
        ...as,
        body: { clientId, dates: [...dates] },
        expect: 200,
      });
    },
    async () => {
      const page = await searchBookings();
      if (!page) return;
      // Feedback is written for a class whose day has come (issue 24): the server refuses an upcoming one.
      const taken = (item: BookingPage["items"][number]) =>
        item.dates.filter(({ date }) => date <= page.today);
      const booking = page.items.find((item) => taken(item).length > 0);
      if (!booking) return;
      const { date } = pick(taken(booking));
      await traffic.send("admin: feedback", {
        method: "PUT",
        path: `/api/bookings/${booking.id}/feedback`,
        ...as,
        body: { feedbacks: { [date]: `${pick(feedbackLines)} (${randomBytes(2).toString("hex")})` } },
        expect: 200,
      });
    },
    () =>
      traffic.send("heartbeat", {
        method: "POST",
        path: "/api/session/heartbeat",
        ...as,
        body: { idleMs: 0 },
        expect: 204,
      }),
  ];
  while (Date.now() < until) {
    await pick(actions)();
    await think();
  }
}

/**
 * Visitors writing through the contact form, one message every `everyMs`. Each address sends at most
 * `perAddress` messages (under the limit of CONTACT_RATE_LIMIT per window, counted in Redis across instances),
 * then the next address takes over. `run` keeps this run's addresses apart from an earlier run's.
 */
export async function contactLoop(
  traffic: Traffic,
  until: number,
  options: { everyMs: number; perAddress: number; run: string },
): Promise<void> {
  for (let i = 0; Date.now() < until; i++) {
    const address = `2001:db8:${options.run}::${Math.floor(i / options.perAddress).toString(16)}`;
    await traffic.send("visitor: contact", {
      method: "POST",
      path: "/api/contact",
      address,
      body: {
        firstName: "Soak",
        lastName: `Visitor ${i}`,
        email: `soak-${options.run}-${i}@example.com`,
        phoneNumber: "555 0101",
        message: `Are there lessons for a six-year-old on Saturdays? (${i})`,
      },
      expect: 201,
    });
    await pause(options.everyMs);
  }
}

/** The p-th percentile (0–100) of some durations, in ms. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}
