import { describe, expect, it } from "vitest";
import { htmlOfMail } from "./mail-html.ts";

describe("a mail's HTML part", () => {
  const text = [
    "Hello Nora,",
    "Your package <8 classes> & more: https://swim.example/payments",
    "Line one\nline two",
    ["-- ", "Aqua Nest Swim School", "hello@aquanest-swim.example", "https://swim.example", "Why."].join(
      "\n",
    ),
  ].join("\n\n");
  const html = htmlOfMail("Your class package", text);

  it("says what the text says, escaped, with its addresses as links", () => {
    expect(html).toContain("<title>Your class package</title>");
    expect(html).toContain("Hello Nora,");
    expect(html).toContain("Your package &#60;8 classes&#62; &#38; more: ");
    expect(html).toContain(
      '<a href="https://swim.example/payments" style="color:#0b4f8a">https://swim.example/payments</a>',
    );
    expect(html).toContain("Line one<br>line two");
    expect(html).not.toContain("<8 classes>");
  });

  it("puts the school's name in the bar and the foot, without its '-- ' line, in small type", () => {
    expect(html).toContain('font-weight:700">Aqua Nest Swim School</td>');
    expect(html).toMatch(/font-size:13px[^>]*>Aqua Nest Swim School<br>hello@aquanest-swim\.example<br>/);
    expect(html).not.toContain("-- ");
  });

  it("has no foot when the text has none", () => {
    expect(htmlOfMail("Hi", "Just this.")).not.toContain("font-size:13px");
  });
});
