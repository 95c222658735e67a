import { parse } from "csv-parse/sync";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedInAdmin, signedInClient, type TestAccount } from "../../../test/support/accounts.ts";
import { type TestApp, testClock } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { messages } from "../../domain/messages.ts";
import type { ReportsResponse } from "../../domain/reports.ts";
import type { ActiveSubscriptionInfo } from "../../domain/subscriptions.ts";
import { createApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Db } from "../db/database.ts";
import { createLog } from "../http/log.ts";
import { reportsTtlMs } from "../reports/service.ts";
import { wire } from "../wiring.ts";
import { type StripeStandIn, startStripeStandIn } from "./stripe-stand-in.ts";

/**
 * PAYMENTS=stripe through the official SDK, pointed at a local stand-in for Stripe's API; webhooks signed the
 * way Stripe signs them (the SDK's test header helper) and posted to the real route.
 */
const webhookSecret = "whsec_test_0123456789abcdef";
const signer = new Stripe("sk_test_signer");

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let stripeApi: StripeStandIn;
let admin: TestAccount;
/** The server's log lines, to see what an operator would read. */
const logLines: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  stripeApi = await startStripeStandIn();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    BETTER_AUTH_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
    PUBLIC_URL: "https://swim.example",
    PAYMENTS: "stripe",
    STRIPE_SECRET_KEY: "sk_test_school",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_4_60: "price_4_60",
    STRIPE_PRICE_4_55: "price_4_55",
    STRIPE_PRICE_4_50: "price_4_50",
    STRIPE_PRICE_8_60: "price_8_60",
    STRIPE_PRICE_8_55: "price_8_55",
    STRIPE_PRICE_8_50: "price_8_50",
    STRIPE_API_URL: stripeApi.url,
  });
  const clock = testClock();
  const wiring = wire(config, db, { clock, log: createLog("info", (line) => logLines.push(line)) });
  t = { ...wiring, app: createApp(wiring), clock };
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await stripeApi.stop();
  await testDb.close();
});

let eventCount = 0;
/** A Stripe event as its webhook delivers it. */
function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test_${++eventCount}`) {
  return JSON.stringify({
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object },
  });
}

function deliver(
  payload: string,
  signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
) {
  return t.app.request("/api/payments/stripe/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}

const completed = (sessionId: string, subscriptionId: string) =>
  stripeEvent("checkout.session.completed", {
    id: sessionId,
    object: "checkout.session",
    mode: "subscription",
    payment_status: "paid",
    status: "complete",
    subscription: subscriptionId,
  });

const invoice = (
  type: "invoice.paid" | "invoice.payment_failed",
  subscriptionId: string,
  billingReason: string,
  periodStart: number,
) =>
  stripeEvent(type, {
    id: `in_${++eventCount}`,
    object: "invoice",
    billing_reason: billingReason,
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: subscriptionId, metadata: {} },
    },
    lines: {
      object: "list",
      data: [{ id: "il_1", period: { start: periodStart, end: periodStart + 2_592_000 } }],
    },
  });

async function buy(client: TestAccount) {
  const response = await call(t, "POST", "/api/subscriptions/create-checkout-session", {
    cookie: client.cookie,
    body: { email: client.email, userId: client.id, packType: "4_60" },
  });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  return { url, sessionId: url.split("/").pop() ?? "" };
}

async function infoOf(client: TestAccount) {
  const response = await call(t, "GET", `/api/subscriptions/used-classes/${client.id}`, {
    cookie: client.cookie,
  });
  return (await response.json()) as ActiveSubscriptionInfo;
}

const activePlans = (clientId: string) =>
  db
    .selectFrom("subscriptionPlan")
    .select(["id", "totalClasses", "periodStartedAt", "subscriptionId"])
    .where("clientId", "=", clientId)
    .where("isActive", "=", 1)
    .execute();

const receiptsTo = async (email: string) =>
  (
    await db.selectFrom("mailOutbox").select("subject").where("toAddress", "=", email).orderBy("id").execute()
  ).map((mail) => mail.subject);

describe("Stripe checkout and webhooks", () => {
  let ana: TestAccount;
  let ben: TestAccount;
  let sessionId: string;
  const subscriptionId = "sub_test_ana";

  beforeAll(async () => {
    ana = await signedInClient(t, { firstName: "Ana" });
    ben = await signedInClient(t, { firstName: "Ben" });
  });

  it("opens a Checkout Session in subscription mode with the pack's price, and answers its url", async () => {
    const started = await buy(ana);
    sessionId = started.sessionId;
    expect(started.url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const request = stripeApi.requests.at(-1);
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v1/checkout/sessions");
    expect(request?.authorization).toBe("Bearer sk_test_school");
    expect(Object.fromEntries(request?.form ?? [])).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_4_60",
      "line_items[0][quantity]": "1",
      customer_email: ana.email,
      client_reference_id: ana.id,
      success_url: "https://swim.example/payments?success=true",
      cancel_url: "https://swim.example/payments?canceled=true",
    });
    // Nothing is bought until Stripe says so.
    expect(await activePlans(ana.id)).toEqual([]);
  });

  it("'Error initiating checkout' when Stripe refuses, and no session is kept", async () => {
    const sessionsBefore = await db.selectFrom("checkoutSession").select("id").execute();
    stripeApi.refuseNext("/v1/checkout/sessions");
    const response = await call(t, "POST", "/api/subscriptions/create-checkout-session", {
      cookie: ben.cookie,
      body: { email: ben.email, userId: ben.id, packType: "4_60" },
    });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      messages.checkoutFailed,
    );
    expect(await db.selectFrom("checkoutSession").select("id").execute()).toEqual(sessionsBefore);
  });

  it("refuses a forged or missing signature with 400 and changes nothing", async () => {
    const payload = completed(sessionId, subscriptionId);
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    expect((await deliver(payload, forged)).status).toBe(400);
    // Signed, then altered on the way.
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect((await deliver(payload.replace(subscriptionId, "sub_evil"), signature)).status).toBe(400);
    const unsigned = await t.app.request("/api/payments/stripe/webhook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    expect(await activePlans(ana.id)).toEqual([]);
    expect(await db.selectFrom("paymentEvent").select("id").execute()).toEqual([]);
  });

  it("checkout.session.completed starts the plan once, however often it arrives", async () => {
    const payload = completed(sessionId, subscriptionId);
    const first = await deliver(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: "applied" });
    // Stripe retries, sometimes at the same moment.
    const replays = await Promise.all([deliver(payload), deliver(payload), deliver(payload)]);
    expect(replays.map((response) => response.status)).toEqual([200, 200, 200]);
    for (const replay of replays)
      expect(await replay.json()).toEqual({ received: true, outcome: "already-applied" });

    expect(await infoOf(ana)).toEqual({
      active: true,
      title: "4 classes · $60 per class",
      totalClasses: 4,
      usedClasses: 0,
      subscriptionId,
      packType: "4_60",
    });
    expect(await activePlans(ana.id)).toHaveLength(1);
    expect(await receiptsTo(ana.email)).toEqual(["Your class package: 4 classes · $60 per class"]);
  });

  it("the first invoice is the purchase itself; a renewal invoice starts a new period with the classes restored", async () => {
    const firstInvoice = await deliver(
      invoice("invoice.paid", subscriptionId, "subscription_create", 1_790_000_000),
    );
    expect(await firstInvoice.json()).toEqual({ received: true, outcome: "ignored" });
    const [before] = await activePlans(ana.id);

    const nextPeriod = 1_792_592_000;
    const renewal = invoice("invoice.paid", subscriptionId, "subscription_cycle", nextPeriod);
    expect(await (await deliver(renewal)).json()).toEqual({ received: true, outcome: "applied" });
    expect(await (await deliver(renewal)).json()).toEqual({ received: true, outcome: "already-applied" });

    const [after] = await activePlans(ana.id);
    expect(after?.id).toBe(before?.id);
    expect(after?.periodStartedAt).toBe(new Date(nextPeriod * 1000).toISOString());
    expect(after?.periodStartedAt).not.toBe(before?.periodStartedAt);
    const info = await infoOf(ana);
    expect([info.totalClasses, info.usedClasses]).toEqual([4, 0]);
    expect(await receiptsTo(ana.email)).toEqual([
      "Your class package: 4 classes · $60 per class",
      "Your class package is renewed: 4 classes · $60 per class",
    ]);
  });

  it("a failed payment mails the client and leaves the plan to Stripe's retries", async () => {
    const failed = invoice("invoice.payment_failed", subscriptionId, "subscription_cycle", 1_795_184_000);
    expect((await deliver(failed)).status).toBe(200);
    expect((await infoOf(ana)).active).toBe(true);
    expect((await receiptsTo(ana.email)).at(-1)).toBe("We could not take your payment");
  });

  it("client B cannot cancel client A's subscription", async () => {
    const response = await call(t, "POST", "/api/subscriptions/cancel-subscription", {
      cookie: ben.cookie,
      body: { subscriptionId, userId: ana.id },
    });
    expect(response.status).toBe(403);
    expect(stripeApi.requests.filter((request) => request.method === "DELETE")).toEqual([]);
    expect((await infoOf(ana)).active).toBe(true);
  });

  it("cancelling stops billing at Stripe, ends the plan and mails a receipt; Stripe's echo changes nothing", async () => {
    const response = await call(t, "POST", "/api/subscriptions/cancel-subscription", {
      cookie: ana.cookie,
      body: { subscriptionId, userId: ana.id },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      error: null,
      message: "Your subscription has been successfully canceled. You had 4 remaining classes left.",
    });
    const cancel = stripeApi.requests.filter((request) => request.method === "DELETE");
    expect(cancel.map((request) => request.path)).toEqual([`/v1/subscriptions/${subscriptionId}`]);
    expect((await infoOf(ana)).active).toBe(false);

    const deleted = stripeEvent("customer.subscription.deleted", {
      id: subscriptionId,
      object: "subscription",
      status: "canceled",
    });
    expect(await (await deliver(deleted)).json()).toEqual({ received: true, outcome: "ignored" });
    expect((await receiptsTo(ana.email)).filter((subject) => subject.includes("canceled"))).toHaveLength(1);
  });

  it("a subscription Stripe ends by itself (payments kept failing) ends the plan with a receipt", async () => {
    const cleo = await signedInClient(t, { firstName: "Cleo" });
    const { sessionId: cleoSession } = await buy(cleo);
    await deliver(completed(cleoSession, "sub_test_cleo"));
    expect((await infoOf(cleo)).active).toBe(true);
    const deleted = stripeEvent("customer.subscription.deleted", {
      id: "sub_test_cleo",
      object: "subscription",
    });
    expect(await (await deliver(deleted)).json()).toEqual({ received: true, outcome: "applied" });
    expect((await infoOf(cleo)).active).toBe(false);
    expect(await receiptsTo(cleo.email)).toEqual([
      "Your class package: 4 classes · $60 per class",
      "Your subscription has been canceled",
    ]);
  });

  it("two checkouts paid at once leave one active plan, and Stripe stops billing the second", async () => {
    const dan = await signedInClient(t, { firstName: "Dan" });
    const one = await buy(dan);
    const two = await buy(dan);
    const results = await Promise.all([
      deliver(completed(one.sessionId, "sub_test_dan_1")),
      deliver(completed(two.sessionId, "sub_test_dan_2")),
    ]);
    expect(results.map((response) => response.status)).toEqual([200, 200]);
    const plans = await activePlans(dan.id);
    expect(plans).toHaveLength(1);
    const loser = plans[0]?.subscriptionId === "sub_test_dan_1" ? "sub_test_dan_2" : "sub_test_dan_1";
    expect(
      stripeApi.requests.some((request) => request.method === "DELETE" && request.path.endsWith(loser)),
    ).toBe(true);
    expect(await receiptsTo(dan.email)).toHaveLength(1);
  });

  it("a correctly signed event of the wrong shape gets 400 and a log line, and changes nothing", async () => {
    const fay = await signedInClient(t, { firstName: "Fay" });
    const { sessionId: faySession } = await buy(fay);
    await deliver(completed(faySession, "sub_test_fay"));
    const plansBefore = await activePlans(fay.id);
    const eventsBefore = await db.selectFrom("paymentEvent").select("id").execute();
    const mailsBefore = await receiptsTo(fay.email);

    const renewal = (start: unknown) =>
      JSON.parse(
        invoice("invoice.paid", "sub_test_fay", "subscription_cycle", 0).replace(
          '"start":0',
          `"start":${JSON.stringify(start)}`,
        ),
      );
    const malformed = {
      "an event without its object": { ...JSON.parse(completed(faySession, "sub_test_fay")), data: {} },
      "a completed checkout without its session id": JSON.parse(
        stripeEvent("checkout.session.completed", {
          object: "checkout.session",
          mode: "subscription",
          subscription: "sub_test_fay",
        }),
      ),
      "a renewal starting past the year 9999": renewal(1e15),
      "a renewal starting at a word": renewal("soon"),
      "an ended subscription without its id": JSON.parse(
        stripeEvent("customer.subscription.deleted", { object: "subscription" }),
      ),
    };
    const answers: Record<string, { status: number; code?: string; logged: boolean }> = {};
    for (const [what, event] of Object.entries(malformed)) {
      logLines.length = 0;
      const response = await deliver(JSON.stringify({ ...event, id: `evt_malformed_${++eventCount}` }));
      const body = (await response.json()) as { error?: { code: string } };
      answers[what] = {
        status: response.status,
        code: body.error?.code,
        logged: logLines.some((line) => line.includes("webhook refused: malformed event")),
      };
    }
    const refused = { status: 400, code: "invalid-event", logged: true };
    expect(answers).toEqual(Object.fromEntries(Object.keys(malformed).map((what) => [what, refused])));
    expect(await activePlans(fay.id)).toEqual(plansBefore);
    expect(await db.selectFrom("paymentEvent").select("id").execute()).toEqual(eventsBefore);
    expect(await receiptsTo(fay.email)).toEqual(mailsBefore);
  });

  it("events it does not act on are acknowledged", async () => {
    const other = stripeEvent("customer.created", { id: "cus_1", object: "customer" });
    expect(await (await deliver(other)).json()).toEqual({ received: true, outcome: "ignored" });
    // An admin may buy for a client too; the url is Stripe's.
    const eve = await signedInClient(t, { firstName: "Eve" });
    const response = await call(t, "POST", "/api/subscriptions/create-checkout-session", {
      cookie: admin.cookie,
      body: { email: eve.email, userId: eve.id, packType: "8_50" },
    });
    expect(((await response.json()) as { url: string }).url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  });
});

describe("the payments ledger", () => {
  const sales = async () => {
    const response = await call(t, "GET", "/api/reports?from=2026-03&to=2026-05", { cookie: admin.cookie });
    return ((await response.json()) as ReportsResponse).sales;
  };
  const paymentsCsv = async () => {
    const response = await call(t, "GET", "/api/exports/payments.csv", { cookie: admin.cookie });
    return parse(Buffer.from(await response.arrayBuffer()), { bom: true }) as string[][];
  };
  const at = (iso: string) => Date.parse(iso) / 1000;

  it("a plan renewed twice is three payments in three months, in the report and the payments CSV", async () => {
    const before = await sales();
    const gil = await signedInClient(t, { firstName: "Gil", lastName: "Renewer" });
    const { sessionId } = await buy(gil);
    const subscription = "sub_test_gil";
    expect(await (await deliver(completed(sessionId, subscription))).json()).toMatchObject({
      outcome: "applied",
    });
    await deliver(invoice("invoice.paid", subscription, "subscription_create", at("2026-03-02T10:00:00Z")));
    const april = invoice("invoice.paid", subscription, "subscription_cycle", at("2026-04-02T10:00:00Z"));
    expect(await (await deliver(april)).json()).toMatchObject({ outcome: "applied" });
    // The same period told again by another event: Stripe's ids differ, the period is paid once.
    const aprilAgain = invoice(
      "invoice.paid",
      subscription,
      "subscription_cycle",
      at("2026-04-02T10:00:00Z"),
    );
    expect(await (await deliver(aprilAgain)).json()).toMatchObject({ outcome: "already-applied" });
    const may = invoice("invoice.paid", subscription, "subscription_cycle", at("2026-05-02T10:00:00Z"));
    expect(await (await deliver(may)).json()).toMatchObject({ outcome: "applied" });
    expect(await receiptsTo(gil.email)).toEqual([
      "Your class package: 4 classes · $60 per class",
      "Your class package is renewed: 4 classes · $60 per class",
      "Your class package is renewed: 4 classes · $60 per class",
    ]);

    const references = await db
      .selectFrom("payment")
      .select("providerReference")
      .where("clientId", "=", gil.id)
      .orderBy("paidAt")
      .execute();
    expect(references.map((row) => row.providerReference)).toEqual([
      subscription,
      expect.stringMatching(/^in_/),
      expect.stringMatching(/^in_/),
    ]);

    // The reports are counted at most once a minute (docs/decisions/035). Past it the page is answered with the last
    // counting while the next runs; a CSV waits for that one, after which the page has it (docs/decisions/042).
    t.clock.advance(reportsTtlMs);
    await call(t, "GET", "/api/reports/sales.csv?from=2026-03&to=2026-05", { cookie: admin.cookie });
    const after = await sales();
    expect(
      after.map((month, index) => ({
        month: month.month,
        packages: month.packages - (before[index]?.packages ?? 0),
        revenue: month.revenue - (before[index]?.revenue ?? 0),
      })),
    ).toEqual([
      { month: "2026-03", packages: 1, revenue: 240 },
      { month: "2026-04", packages: 1, revenue: 240 },
      { month: "2026-05", packages: 1, revenue: 240 },
    ]);

    const [header, ...rows] = await paymentsCsv();
    expect(header).toEqual(["Household", "Email", "Package", "Classes", "Price (USD)", "Paid on", "Payment"]);
    expect(rows.filter((row) => row[0] === "Gil Renewer").map((row) => [row[4], row[5], row[6]])).toEqual([
      ["240", "2026-05-02", "Renewal"],
      ["240", "2026-04-02", "Renewal"],
      ["240", "2026-03-02", "Purchase"],
    ]);
  });
});
