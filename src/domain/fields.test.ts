import { describe, expect, it } from "vitest";
import { registerClientSchema } from "./clients.ts";
import { contactMessageSchema } from "./contact.ts";
import { groupedPhoneNumber, normalizePhoneNumber, phoneHref, phoneNumber } from "./fields.ts";

describe("one rule per field, the same in every form", () => {
  it.each([
    ["+1 (555) 123-4567", "+15551234567"],
    ["555 123 4567", "5551234567"],
    ["555.123.4567", "5551234567"],
    ["5551234567", "5551234567"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("accepts the phone %s as %s", (written, stored) => {
    expect(normalizePhoneNumber(written)).toBe(stored);
  });

  it.each([
    ["5550101001", "(555) 010-1001"],
    ["+15552013344", "+1 (555) 201-3344"],
    ["15552013344", "1 (555) 201-3344"],
    ["+34612345678", "+34 612 345 678"],
    ["+442079460958", "+442 079 460 958"],
    ["5550101", "555-0101"],
    ["61234567", "61 234 567"],
  ])("shows the stored phone %s grouped for reading as %s, and calls it as stored", (stored, grouped) => {
    expect(groupedPhoneNumber(stored)).toBe(grouped);
    expect(normalizePhoneNumber(grouped)).toBe(stored);
    expect(phoneHref(stored)).toBe(`tel:${stored}`);
  });

  it.each(["12345", "1234567890123456", "call me", "555-CALL-NOW", "++15551234567", ""])(
    "refuses the phone %j",
    (written) => {
      expect(phoneNumber.safeParse(written).success).toBe(false);
    },
  );

  it("contact and client registration store the same phone and email the same way", () => {
    const written = { email: " Ana@Example.COM ", phoneNumber: "+1 (555) 123-4567" };
    const contact = contactMessageSchema.parse({
      firstName: "Ana",
      lastName: "Ruiz",
      message: "Hello",
      ...written,
    });
    const client = registerClientSchema.parse({
      firstName: "Ana",
      lastName: "Ruiz",
      defaultPackType: "4_60",
      ...written,
    });
    expect([contact.email, contact.phoneNumber]).toEqual(["ana@example.com", "+15551234567"]);
    expect([client.email, client.phoneNumber]).toEqual([contact.email, contact.phoneNumber]);
  });
});
