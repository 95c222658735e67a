import { describe, expect, it } from "vitest";
import { jsonInScript } from "./rendered-page.ts";

describe("jsonInScript", () => {
  it("keeps a household's words from ending the state's <script> or opening a comment, and reads back the same", () => {
    const state = { name: "</script><script>alert(1)</script>", note: "<!-- a\u2028b\u2029c" };
    const written = jsonInScript(state);
    expect(written).not.toMatch(/<\/script|<!--|\u2028|\u2029/i);
    expect(JSON.parse(written)).toEqual(state);
  });
});
