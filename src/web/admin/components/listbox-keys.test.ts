import { describe, expect, it } from "vitest";
import { nextActiveOption } from "./listbox-keys.ts";

describe("nextActiveOption (the client search's keyboard)", () => {
  it("ArrowDown highlights the first result, then steps down and wraps to the top", () => {
    expect(nextActiveOption("ArrowDown", -1, 3)).toBe(0);
    expect(nextActiveOption("ArrowDown", 0, 3)).toBe(1);
    expect(nextActiveOption("ArrowDown", 2, 3)).toBe(0);
  });

  it("ArrowUp steps up and wraps to the last result", () => {
    expect(nextActiveOption("ArrowUp", -1, 3)).toBe(2);
    expect(nextActiveOption("ArrowUp", 0, 3)).toBe(2);
    expect(nextActiveOption("ArrowUp", 2, 3)).toBe(1);
  });

  it("leaves other keys (Home and End edit the text), and an empty list, to the text box", () => {
    expect(nextActiveOption("a", 0, 3)).toBeNull();
    expect(nextActiveOption("Home", 1, 3)).toBeNull();
    expect(nextActiveOption("ArrowDown", -1, 0)).toBeNull();
  });
});
