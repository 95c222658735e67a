import { describe, expect, it } from "vitest";
import { toastPlacement } from "./toast.tsx";

const viewport = { width: 1440, height: 900 };
const size = { width: 400, height: 70 };

describe("where the toast shows", () => {
  it("in the centre, as the spec has it, when nothing is in use or the centre is clear of it", () => {
    expect(toastPlacement(size, viewport, null)).toBe("center");
    expect(toastPlacement(size, viewport, { left: 100, top: 100, right: 300, bottom: 140 })).toBe("center");
  });

  it("beside the control in use when the centre would cover it: on the side with more room", () => {
    // A calendar in the lower half of the screen (its month arrows near the centre): the toast goes above it.
    expect(toastPlacement(size, viewport, { left: 500, top: 420, right: 900, bottom: 800 })).toBe("top");
    // One in the upper half: below it.
    expect(toastPlacement(size, viewport, { left: 500, top: 120, right: 900, bottom: 480 })).toBe("bottom");
  });
});
