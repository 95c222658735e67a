import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedInAdmin, signedInClient, type TestAccount } from "../../../test/support/accounts.ts";
import { createPlan } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { messages } from "../../domain/messages.ts";
import { packTypes } from "../../domain/packs.ts";
import {
  type ActiveSubscriptionInfo,
  type AvailablePack,
  noActiveSubscription,
  packCatalogue,
  packTypeFromName,
} from "../../domain/subscriptions.ts";
import type { Db } from "../db/database.ts";

/** PAYMENTS=local (the default): the built-in checkout page's API, and everything both providers share. */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db);
  admin = await signedInAdmin(t);
});
afterAll(() => testDb.close());

const as = (account: TestAccount | undefined, method: string, path: string, body?: unknown) =>
  call(t, method, path, { cookie: account?.cookie, body });

async function startCheckout(client: TestAccount, packType = "4_60", by: TestAccount = client) {
  const response = await as(by, "POST", "/api/subscriptions/create-checkout-session", {
    email: client.email,
    userId: client.id,
    packType,
  });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  return { url, sessionId: url.split("/").pop() ?? "" };
}

async function usedClasses(client: TestAccount, by: TestAccount = client) {
  const response = await as(by, "GET", `/api/subscriptions/used-classes/${client.id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ActiveSubscriptionInfo;
}

const plansOf = (clientId: string) =>
  db
    .selectFrom("subscriptionPlan")
    .select(["isActive", "totalClasses", "packType", "subscriptionId"])
    .where("clientId", "=", clientId)
    .execute();

const receiptsTo = async (email: string) =>
  (
    await db
      .selectFrom("mailOutbox")
      .select(["subject", "body"])
      .where("toAddress", "=", email)
      .orderBy("id")
      .execute()
  ).map((mail) => mail.subject);

describe("the package catalogue", () => {
  it("lists the six packs from the database to anyone, each name deriving to its pack type", async () => {
    const response = await as(undefined, "GET", "/api/subscriptions/available-packs");
    expect(response.status).toBe(200);
    const packs = (await response.json()) as AvailablePack[];
    expect(packs).toEqual(packCatalogue.map((pack) => ({ id: pack.type, name: pack.name })));
    expect(packs.map((pack) => packTypeFromName(pack.name))).toEqual([...packTypes]);
    expect(packs[0]).toEqual({ id: "4_60", name: "4 classes (60)" });
    expect(packCatalogue.find((pack) => pack.type === "8_55")?.price).toBe(440);
  });

  it("drops names that do not match the pattern", () => {
    expect(packTypeFromName("10 classes (4)")).toBeNull();
    expect(packTypeFromName("Four classes")).toBeNull();
    expect(packTypeFromName("8 classes (50)")).toBe("8_50");
  });
});

describe("buying on the local checkout", () => {
  let alice: TestAccount;
  let bob: TestAccount;
  beforeAll(async () => {
    alice = await signedInClient(t, { firstName: "Alice", lastName: "Buyer" });
    bob = await signedInClient(t, { firstName: "Bob", lastName: "Other" });
  });

  it("a client without a plan reads active:false with nulls and zeros", async () => {
    expect(await usedClasses(alice)).toEqual(noActiveSubscription);
  });

  it("refuses a visitor with 'You must be logged in.' and another client's purchase with 403", async () => {
    const body = { email: alice.email, userId: alice.id, packType: "4_60" };
    const visitor = await as(undefined, "POST", "/api/subscriptions/create-checkout-session", body);
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as { error: { message: string } }).error.message).toBe(
      messages.mustBeLoggedIn,
    );
    expect((await as(bob, "POST", "/api/subscriptions/create-checkout-session", body)).status).toBe(403);
    expect(await db.selectFrom("checkoutSession").select("id").execute()).toEqual([]);
  });

  it("refuses bad input with 400 and stores nothing", async () => {
    const good = { email: alice.email, userId: alice.id, packType: "4_60" };
    for (const body of [
      { ...good, packType: "10_4" },
      { ...good, packType: undefined },
      { ...good, email: "not-an-email" },
      { ...good, userId: "../../etc" },
      { ...good, extra: 1 },
      "not json",
    ]) {
      const response = await t.app.request("/api/subscriptions/create-checkout-session", {
        method: "POST",
        headers: { cookie: alice.cookie, "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await db.selectFrom("checkoutSession").select("id").execute()).toEqual([]);
    expect(await plansOf(alice.id)).toEqual([]);
  });

  it("a client buys only the package the admin chose for them; the admin may buy any", async () => {
    const response = await as(alice, "POST", "/api/subscriptions/create-checkout-session", {
      email: alice.email,
      userId: alice.id,
      packType: "8_50",
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("pack-not-offered");
    const byAdmin = await startCheckout(alice, "8_50", admin);
    expect(byAdmin.url).toMatch(/^\/checkout\/local\/lcs_[A-Za-z0-9_-]+$/);
  });

  it("shows the package and price to its owner only; Pay starts the plan once, with one receipt", async () => {
    const { url, sessionId } = await startCheckout(alice);
    expect(url).toBe(`/checkout/local/${sessionId}`);

    const page = await as(alice, "GET", `/api/payments/local/${sessionId}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({
      sessionId,
      status: "open",
      packType: "4_60",
      packName: "4 classes · $60 per class",
      classes: 4,
      pricePerClass: 60,
      price: 240,
      email: alice.email,
    });
    expect((await as(bob, "GET", `/api/payments/local/${sessionId}`)).status).toBe(403);
    expect((await as(bob, "POST", `/api/payments/local/${sessionId}/pay`)).status).toBe(403);
    expect((await as(bob, "POST", `/api/payments/local/${sessionId}/cancel`)).status).toBe(403);
    expect((await as(undefined, "POST", `/api/payments/local/${sessionId}/pay`)).status).toBe(401);
    expect((await as(alice, "GET", "/api/payments/local/lcs_nosuchsession")).status).toBe(404);
    expect(await plansOf(alice.id)).toEqual([]);

    const paid = await as(alice, "POST", `/api/payments/local/${sessionId}/pay`);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ url: "/payments?success=true" });
    // A second click (or a retried request) applies nothing more.
    expect(await (await as(alice, "POST", `/api/payments/local/${sessionId}/pay`)).json()).toEqual({
      url: "/payments?success=true",
    });

    const info = await usedClasses(alice);
    expect(info).toEqual({
      active: true,
      title: "4 classes · $60 per class",
      totalClasses: 4,
      usedClasses: 0,
      subscriptionId: expect.stringMatching(/^local_sub_/),
      packType: "4_60",
    });
    expect(await usedClasses(alice, admin)).toEqual(info);
    expect(await plansOf(alice.id)).toHaveLength(1);
    expect(await receiptsTo(alice.email)).toEqual(["Your class package: 4 classes · $60 per class"]);
    expect((await as(alice, "GET", `/api/payments/local/${sessionId}`)).status).toBe(200);
    // One payment in the ledger, however often Pay was clicked; the local checkout has no provider reference.
    expect(
      await db
        .selectFrom("payment")
        .select(["kind", "packType", "classes", "amount", "currency", "provider", "providerReference"])
        .where("clientId", "=", alice.id)
        .execute(),
    ).toEqual([
      {
        kind: "purchase",
        packType: "4_60",
        classes: 4,
        amount: 240,
        currency: "USD",
        provider: "local",
        providerReference: null,
      },
    ]);
  });

  it("the admin sees the plan in the clients list and cannot change the package meanwhile", async () => {
    const list = await as(admin, "GET", "/api/clients?search=Alice");
    const { items } = (await list.json()) as {
      items: { id: string; plan: unknown; hasActiveSubscription: boolean }[];
    };
    const row = items.find((item) => item.id === alice.id);
    expect(row?.hasActiveSubscription).toBe(true);
    expect(row?.plan).toEqual({ totalClasses: 4, usedClasses: 0, packType: "4_60" });
    const one = (await (await as(admin, "GET", `/api/clients/${alice.id}`)).json()) as {
      client: { plan: unknown };
    };
    expect(one.client.plan).toEqual({ totalClasses: 4, usedClasses: 0, packType: "4_60" });
    expect((await as(admin, "PATCH", `/api/clients/${alice.id}`, { defaultPackType: "8_60" })).status).toBe(
      409,
    );
  });

  it("a second purchase is refused while the plan is active", async () => {
    const response = await as(alice, "POST", "/api/subscriptions/create-checkout-session", {
      email: alice.email,
      userId: alice.id,
      packType: "4_60",
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("subscription-active");
  });

  it("client B can neither read nor cancel client A's plan", async () => {
    const { subscriptionId } = await usedClasses(alice);
    expect((await as(bob, "GET", `/api/subscriptions/used-classes/${alice.id}`)).status).toBe(403);
    const cancel = await as(bob, "POST", "/api/subscriptions/cancel-subscription", {
      subscriptionId,
      userId: alice.id,
    });
    expect(cancel.status).toBe(403);
    // B's own id with A's subscription: B has no such plan.
    const mixed = await as(bob, "POST", "/api/subscriptions/cancel-subscription", {
      subscriptionId,
      userId: bob.id,
    });
    expect(mixed.status).toBe(404);
    expect((await usedClasses(alice)).active).toBe(true);
  });

  it("cancelling ends the plan, says how many classes were left and mails a receipt", async () => {
    const { subscriptionId } = await usedClasses(alice);
    const wrong = await as(alice, "POST", "/api/subscriptions/cancel-subscription", {
      subscriptionId: "local_sub_other",
      userId: alice.id,
    });
    expect(wrong.status).toBe(404);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      messages.cancelSubscriptionFailed,
    );
    const bad = await as(alice, "POST", "/api/subscriptions/cancel-subscription", { userId: alice.id });
    expect(bad.status).toBe(400);
    expect((await usedClasses(alice)).active).toBe(true);

    const response = await as(alice, "POST", "/api/subscriptions/cancel-subscription", {
      subscriptionId,
      userId: alice.id,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      error: null,
      message: "Your subscription has been successfully canceled. You had 4 remaining classes left.",
      remainingClasses: 4,
    });
    expect(await usedClasses(alice)).toEqual(noActiveSubscription);
    expect(await plansOf(alice.id)).toEqual([
      { isActive: 0, totalClasses: 4, packType: "4_60", subscriptionId },
    ]);
    expect(await receiptsTo(alice.email)).toEqual([
      "Your class package: 4 classes · $60 per class",
      "Your subscription has been canceled",
    ]);
    // Nothing left to cancel; the package may change again.
    const again = await as(alice, "POST", "/api/subscriptions/cancel-subscription", {
      subscriptionId,
      userId: alice.id,
    });
    expect(again.status).toBe(404);
    expect((await as(admin, "PATCH", `/api/clients/${alice.id}`, { defaultPackType: "4_55" })).status).toBe(
      200,
    );
  });

  it("says 'class' for one remaining class", () => {
    expect(messages.subscriptionCanceled(1)).toBe(
      "Your subscription has been successfully canceled. You had 1 remaining class left.",
    );
    expect(messages.subscriptionCanceled(0)).toContain("You had 0 remaining classes left.");
  });

  it("Cancel on the checkout page returns to the canceled popup and buys nothing", async () => {
    const carol = await signedInClient(t, { firstName: "Carol" });
    const { sessionId } = await startCheckout(carol);
    const canceled = await as(carol, "POST", `/api/payments/local/${sessionId}/cancel`);
    expect(canceled.status).toBe(200);
    expect(await canceled.json()).toEqual({ url: "/payments?canceled=true" });
    expect((await as(carol, "POST", `/api/payments/local/${sessionId}/pay`)).status).toBe(409);
    expect(await plansOf(carol.id)).toEqual([]);
    expect(await receiptsTo(carol.email)).toEqual([]);
  });
});

describe("in Spanish", () => {
  it("words the receipts in the client's language and the answers in the request's", async () => {
    const sofia = await signedInClient(t, { firstName: "Sofía", locale: "es" });
    const { sessionId } = await startCheckout(sofia);
    const spanishPage = { cookie: sofia.cookie, headers: { "accept-language": "es" } };
    const checkout = await call(t, "GET", `/api/payments/local/${sessionId}`, spanishPage);
    expect(await checkout.json()).toMatchObject({ packType: "4_60", packName: "4 clases · $60 por clase" });
    expect((await call(t, "POST", `/api/payments/local/${sessionId}/pay`, spanishPage)).status).toBe(200);
    const info = await call(t, "GET", `/api/subscriptions/used-classes/${sofia.id}`, spanishPage);
    expect(await info.json()).toMatchObject({ active: true, title: "4 clases · $60 por clase" });
    // The catalogue's names are data: the same in every language, so the browser derives each pack type.
    const packs = await call(t, "GET", "/api/subscriptions/available-packs", {
      headers: { "accept-language": "es" },
    });
    expect(((await packs.json()) as AvailablePack[])[0]).toEqual({ id: "4_60", name: "4 classes (60)" });

    // The client reads an English page now: the answer is English, the receipt still Spanish.
    const { subscriptionId } = await usedClasses(sofia);
    const canceled = await as(sofia, "POST", "/api/subscriptions/cancel-subscription", {
      subscriptionId,
      userId: sofia.id,
    });
    expect(((await canceled.json()) as { message: string }).message).toBe(
      "Your subscription has been successfully canceled. You had 4 remaining classes left.",
    );
    const receipts = await db
      .selectFrom("mailOutbox")
      .select(["subject", "body"])
      .where("toAddress", "=", sofia.email)
      .orderBy("id")
      .execute();
    expect(receipts).toEqual([
      {
        subject: "Tu paquete de clases: 4 clases · $60 por clase",
        // Money with its currency, no provider's id, the page it is about and the school's foot (issue 24).
        body: [
          "Hola, Sofía:",
          "Gracias por tu compra. Tu paquete de 4 clases a $60 por clase ($240 en total) ya está activo: puedes reservar sus clases.",
          "Tu paquete y tus clases están en Gestionar pagos: http://localhost:3000/payments",
          [
            "-- ",
            "Aqua Nest Swim School",
            "hello@aquanest-swim.example · +1 (555) 010-4242",
            "http://localhost:3000",
            "Recibes este correo porque tienes una cuenta en Aqua Nest Swim School.",
          ].join("\n"),
        ].join("\n\n"),
      },
      {
        subject: "Tu suscripción se canceló",
        body: [
          "Hola, Sofía:",
          "Tu suscripción se canceló correctamente. Te quedaban 4 clases.",
          "Paquete: 4 clases · $60 por clase.",
          "Tu paquete y tus clases están en Gestionar pagos: http://localhost:3000/payments",
          [
            "-- ",
            "Aqua Nest Swim School",
            "hello@aquanest-swim.example · +1 (555) 010-4242",
            "http://localhost:3000",
            "Recibes este correo porque tienes una cuenta en Aqua Nest Swim School.",
          ].join("\n"),
        ].join("\n\n"),
      },
    ]);
  });
});

describe("one active plan per client", () => {
  it("two purchases paid at the same moment leave one active plan", async () => {
    const dora = await signedInClient(t, { firstName: "Dora" });
    const first = await startCheckout(dora);
    const second = await startCheckout(dora);
    const responses = await Promise.all(
      [first, second].map(({ sessionId }) => as(dora, "POST", `/api/payments/local/${sessionId}/pay`)),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect((await plansOf(dora.id)).filter((plan) => plan.isActive === 1)).toHaveLength(1);
    const statuses = await db
      .selectFrom("checkoutSession")
      .select("status")
      .where("clientId", "=", dora.id)
      .execute();
    expect(statuses.map((row) => row.status).sort()).toEqual(["completed", "refused"]);
    expect(await receiptsTo(dora.email)).toHaveLength(1);
    // The refused purchase is no payment of the school's: one row, the plan's.
    expect(await db.selectFrom("payment").select("kind").where("clientId", "=", dora.id).execute()).toEqual([
      { kind: "purchase" },
    ]);
  });

  it("is held by the database, not only by the code", async () => {
    const erin = await signedInClient(t, { firstName: "Erin" });
    const plan = { clientId: erin.id, packType: "4_60", createdAt: "2026-03-02T10:00:00.000Z" } as const;
    await createPlan(db, { ...plan, subscriptionId: "sub_a" });
    await expect(createPlan(db, { ...plan, subscriptionId: "sub_b" })).rejects.toThrow();
    // Inactive plans are history: any number of them.
    await createPlan(db, { ...plan, isActive: false, subscriptionId: "sub_c" });
    await createPlan(db, { ...plan, isActive: false, subscriptionId: "sub_d" });
    expect(await plansOf(erin.id)).toHaveLength(3);
  });
});

describe("the Stripe webhook with PAYMENTS=local", () => {
  it("does not exist", async () => {
    const response = await t.app.request("/api/payments/stripe/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=abc" },
      body: JSON.stringify({ id: "evt_1", type: "checkout.session.completed" }),
    });
    expect(response.status).toBe(404);
  });
});
