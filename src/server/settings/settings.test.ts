import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, signedInAdmin, signedInClient, type TestAccount } from "../../../test/support/accounts.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import content from "../../content/site.json" with { type: "json" };
import type { SchoolSettings } from "../../domain/school-settings.ts";
import type { Db } from "../db/database.ts";
import { mailWords, setSchoolContacts } from "../i18n/mail-words.ts";
import { contentSettings, settingsMaxAgeMs } from "./service.ts";

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let admin: TestAccount;
let client: TestAccount;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db, { env: { TRUST_PROXY: "true" } });
  admin = await signedInAdmin(t);
  client = await signedInClient(t);
});
afterAll(() => {
  // The mails' foot is this process's (tests share it): back to site.json's for the next file.
  setSchoolContacts(contentSettings);
  return testDb.close();
});
beforeEach(async () => {
  await db.deleteFrom("schoolReel").execute();
  await db.deleteFrom("schoolSettings").execute();
  // The service's cache: past its age, it reads the (now empty) tables again.
  t.clock.advance(settingsMaxAgeMs);
});

/** The school's own settings, as an owner types them. */
const ours = (): SchoolSettings => ({
  email: "office@dolphins-swim.com",
  phone: "+34 600 123 456",
  socialProfileUrl: "https://www.instagram.com/dolphins.swim/",
  contractFormUrl: "https://form.jotform.com/241234567890123",
  reels: contentSettings.reels.map((reel, index) => ({
    ...reel,
    url: `https://www.instagram.com/reel/Dolphin${index}Reel/`,
    caption: `Lesson ${index + 1}`,
    captionEs: index === 0 ? "Clase 1" : "",
    sample: false,
  })),
});

const get = (cookie?: string) => call(t, "GET", "/api/settings", { cookie });
const put = (body: unknown, cookie = admin.cookie) => call(t, "PUT", "/api/settings", { cookie, body });
const toDo = async () =>
  (
    (await (await call(t, "GET", "/api/settings/setup", { cookie: admin.cookie })).json()) as {
      toDo: string[];
    }
  ).toDo;

describe("GET /api/settings", () => {
  it("answers site.json's values while the owner has saved none", async () => {
    const response = await get(admin.cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { settings: SchoolSettings; stored: boolean };
    expect(body.stored).toBe(false);
    expect(body.settings.email).toBe(content.contact.email);
    expect(body.settings.phone).toBe(content.contact.phone);
    expect(body.settings.contractFormUrl).toBe(content.contractFormUrl);
    expect(body.settings.socialProfileUrl).toBe(content.socialProfileUrl);
    expect(body.settings.reels.map((reel) => [reel.url, reel.caption, reel.sample])).toEqual(
      content.reels.map((reel) => [reel.url, reel.caption, reel.sample]),
    );
    // site.es.json's captions are the Spanish ones.
    expect(body.settings.reels[1]?.captionEs).toBe("Haciendo burbujas");
  });

  it("refuses a visitor and a client", async () => {
    for (const [method, path] of [
      ["GET", "/api/settings"],
      ["PUT", "/api/settings"],
      ["GET", "/api/settings/setup"],
    ] as const) {
      const body = method === "PUT" ? ours() : undefined;
      expect((await call(t, method, path, { body })).status).toBe(401);
      expect((await call(t, method, path, { cookie: client.cookie, body })).status).toBe(403);
    }
    expect((await get(admin.cookie)).status).toBe(200);
    expect(((await (await get(admin.cookie)).json()) as { stored: boolean }).stored).toBe(false);
  });
});

describe("PUT /api/settings", () => {
  it("saves them all; everyone then gets them, and the sample contacts leave the mails' foot", async () => {
    const response = await put(ours());
    expect(response.status).toBe(200);
    const saved = (await response.json()) as { settings: SchoolSettings; stored: boolean };
    expect(saved.stored).toBe(true);
    expect(saved.settings).toEqual(ours());
    const read = (await (await get(admin.cookie)).json()) as { settings: SchoolSettings; stored: boolean };
    expect(read).toEqual(saved);
    expect(await db.selectFrom("schoolReel").select("position").execute()).toHaveLength(12);
    expect(mailWords.foot("https://swim.example", "account")).toContain(
      "office@dolphins-swim.com · +34 600 123 456",
    );
    // Saved again: replaced, not added to.
    expect((await put({ ...ours(), phone: "+34 600 000 111" })).status).toBe(200);
    expect(await db.selectFrom("schoolSettings").selectAll().execute()).toHaveLength(1);
    expect(((await (await get(admin.cookie)).json()) as { settings: SchoolSettings }).settings.phone).toBe(
      "+34 600 000 111",
    );
  });

  it.each([
    ["contractFormUrl", "http://form.jotform.com/241234567890123", "must start with https://"],
    ["contractFormUrl", "form.jotform.com/241234567890123", "This is not a web address"],
    ["contractFormUrl", "https://www.dolphins-swim.com/contract", "This is not the address of a form"],
    ["contractFormUrl", "https://forms.gle/AbCdEf123", "This is not the address of a form"],
    ["contractFormUrl", "https://user:pw@form.jotform.com/241234567890123", "This is not a web address"],
    ["contractFormUrl", "", "The contract form address is required."],
    ["socialProfileUrl", "http://www.instagram.com/dolphins.swim/", "must start with https://"],
    ["socialProfileUrl", "javascript:alert(1)", "This is not a web address"],
    ["email", "office-at-dolphins", "Give an e-mail address like"],
    ["phone", "call us", "Give a phone number of 6 to 15 digits"],
  ])("refuses %s %j with a message naming what is wrong, saving nothing", async (field, value, words) => {
    const response = await put({ ...ours(), [field]: value });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string; field: string } };
    expect(error.code).toBe("validation");
    expect(error.field).toBe(field);
    expect(error.message).toContain(words);
    expect(await db.selectFrom("schoolSettings").selectAll().execute()).toEqual([]);
  });

  it("refuses a reel that is not an Instagram reel, naming its place", async () => {
    const settings = ours();
    settings.reels[4] = {
      ...(settings.reels[4] as SchoolSettings["reels"][number]),
      url: "https://youtu.be/abc",
    };
    const response = await put(settings);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string; field: string } };
    expect(error.field).toBe("reels.4.url");
    expect(error.message).toContain("Instagram reel");
    expect((await put({ ...ours(), reels: ours().reels.slice(0, 3) })).status).toBe(400);
  });

  it("takes the forms of the known form hosts, and keeps the sample form's address as it is", async () => {
    for (const url of [
      "https://docs.google.com/forms/d/e/1FAIpQLSdExampleExampleExample1234/viewform",
      "https://forms.office.com/r/AbCdEf1234",
      "https://dolphins.typeform.com/to/Ab12Cd",
      "https://tally.so/r/wA1b2C",
      "https://www.cognitoforms.com/DolphinsSwim/Contract",
      content.contractFormUrl,
    ]) {
      expect((await put({ ...ours(), contractFormUrl: url })).status, url).toBe(200);
    }
  });

  it("speaks the page's language", async () => {
    const response = await call(t, "PUT", "/api/settings", {
      cookie: admin.cookie,
      body: { ...ours(), contractFormUrl: "http://form.jotform.com/241234567890123" },
      headers: { "accept-language": "es" },
    });
    const { error } = (await response.json()) as { error: { message: string } };
    expect(error.message).toContain("https://");
    expect(error.message).toBe(
      "Solo se aceptan direcciones seguras: la dirección debe empezar por https://.",
    );
  });
});

describe("the setup checklist", () => {
  it("lists each sample value until it is replaced, and mail and payments until they are set up", async () => {
    expect(await toDo()).toEqual(["contractForm", "contacts", "reels", "mail", "payments"]);
    const sampleForm = { ...ours(), contractFormUrl: content.contractFormUrl };
    expect((await put({ ...sampleForm, reels: contentSettings.reels })).status).toBe(200);
    expect(await toDo()).toEqual(["contractForm", "reels", "mail", "payments"]);
    // One contact still the sample's: still to do.
    expect((await put({ ...ours(), email: content.contact.email })).status).toBe(200);
    expect(await toDo()).toEqual(["contacts", "mail", "payments"]);
    expect((await put(ours())).status).toBe(200);
    expect(await toDo()).toEqual(["mail", "payments"]);
  });

  it("has nothing left once mail and Stripe are configured too", async () => {
    const configured = buildTestApp(db, {
      smtpUrl: "smtp://127.0.0.1:2525",
      env: {
        PAYMENTS: "stripe",
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        ...Object.fromEntries(
          ["4_60", "4_55", "4_50", "8_60", "8_55", "8_50"].map((pack) => [
            `STRIPE_PRICE_${pack}`,
            `price_${pack}`,
          ]),
        ),
      },
    });
    const owner = await signedInAdmin(configured, { email: "owner2@example.com" });
    expect(
      (await call(configured, "PUT", "/api/settings", { cookie: owner.cookie, body: ours() })).status,
    ).toBe(200);
    const response = await call(configured, "GET", "/api/settings/setup", { cookie: owner.cookie });
    expect(await response.json()).toEqual({ toDo: [] });
  });
});

describe("what the saved settings change", () => {
  it("the pages may frame the new contract form's host, and contact messages go to the new e-mail", async () => {
    const framing = async () =>
      (await call(t, "GET", "/no-such-page")).headers.get("Content-Security-Policy") ?? "";
    expect(await framing()).toContain("https://form.jotform.com");
    expect((await put({ ...ours(), contractFormUrl: "https://tally.so/r/wA1b2C" })).status).toBe(200);
    expect(await framing()).toContain("https://tally.so");
    expect(await framing()).not.toContain("https://form.jotform.com");
    expect(await framing()).toContain("https://www.instagram.com");

    const sent = await call(t, "POST", "/api/contact", {
      ip: "203.0.113.50",
      body: {
        firstName: "Maria",
        lastName: "Lopez",
        email: "maria@example.com",
        phoneNumber: "+1 555 010 2020",
        message: "Do you teach toddlers?",
      },
    });
    expect(sent.status).toBe(201);
    const mail = await db
      .selectFrom("mailOutbox")
      .select("toAddress")
      .where("replyTo", "=", "maria@example.com")
      .executeTakeFirstOrThrow();
    expect(mail.toAddress).toBe("office@dolphins-swim.com");
  });
});
