import { describe, expect, it } from "vitest";
import { dayInZone } from "./school-day.ts";

describe("dayInZone", () => {
  it("turns to the next day at the zone's midnight, asked minute after minute, zone after zone", () => {
    const madrid = "Europe/Madrid";
    expect(dayInZone(new Date("2026-03-10T22:59:00Z"), madrid)).toBe("2026-03-10");
    expect(dayInZone(new Date("2026-03-10T22:59:59.999Z"), madrid)).toBe("2026-03-10");
    expect(dayInZone(new Date("2026-03-10T23:00:00Z"), madrid)).toBe("2026-03-11");
    // The same moment, another zone: still the 10th in New York.
    expect(dayInZone(new Date("2026-03-10T23:00:00Z"), "America/New_York")).toBe("2026-03-10");
    expect(dayInZone(new Date("2026-03-10T23:00:30Z"), madrid)).toBe("2026-03-11");
    // Back in time, as a credit's issue date is asked after today's.
    expect(dayInZone(new Date("2026-03-10T22:00:00Z"), madrid)).toBe("2026-03-10");
  });
});
