import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { e2eControlUrl as controlUrl } from "./e2e-env.ts";

/** Takes the loopback SMTP server the app mails down or up again. */
export async function setSmtp(state: "down" | "up"): Promise<void> {
  const response = await fetch(`${controlUrl}/smtp/${state}`, { method: "POST" });
  expect(response.ok).toBe(true);
}

export async function receivedMail(): Promise<{ to: string[]; raw: string }[]> {
  return (await (await fetch(`${controlUrl}/smtp/received`)).json()) as { to: string[]; raw: string }[];
}

/** No serious or critical axe-core violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

/** Gives a registered client an active plan, as a completed purchase will (the payments release). */
export async function giveActivePlan(email: string): Promise<void> {
  const response = await fetch(`${controlUrl}/plans?email=${encodeURIComponent(email)}`, { method: "POST" });
  expect(response.ok).toBe(true);
}
