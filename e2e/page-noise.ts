import { appendFileSync } from "node:fs";
import { expect, type Page, type TestInfo, test } from "@playwright/test";

/**
 * Issue 24: no console warning or failed request on any page of the browser suite. Every page a test gets from the
 * fixtures is watched: console warnings and errors, uncaught exceptions and failed requests fail the test, except
 * what follows, which is not the page's fault:
 * - Chromium logs every 4xx answer as an error. 4xx answers are the API's designed refusals, which the page shows in
 *   words, and many tests ask for them.
 * - A request cancelled because the test left the page (a page.goto, a reload) while it loaded. The app's own
 *   cancels (a heartbeat aborted at sign-in) have their own test, sign-in-ux.spec.ts, which records every one.
 * A test that causes more on purpose (going offline) says so with `allowPageNoise`. An error React recovered from
 * is logged with what threw (src/web/recoverable-errors.ts), so it fails its test with its real cause.
 */
const notThePagesFault = [
  /^console error: Failed to load resource: the server responded with a status of 4\d\d /,
  /^request failed: \S+ \S+ net::ERR_ABORTED$/,
];
const allowedType = "allowed page noise";

/** Lets the running test's pages log what `pattern` matches (say why beside the call). */
export function allowPageNoise(pattern: RegExp): void {
  test.info().annotations.push({ type: allowedType, description: pattern.source });
}

export function watchPageNoise(page: Page): string[] {
  const noise: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning" || message.type() === "error")
      noise.push(`console ${message.type()}: ${message.text()} (${page.url()})`);
  });
  page.on("pageerror", (error) => noise.push(`uncaught: ${error.message} (${page.url()})`));
  page.on("requestfailed", (request) =>
    noise.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ""}`),
  );
  return noise;
}

/** Fails the test on what its pages logged that nobody allowed. E2E_NOISE_LOG=<file> also writes all of it there. */
export function expectNoPageNoise(noise: string[], testInfo: TestInfo): void {
  if (noise.length > 0 && process.env.E2E_NOISE_LOG)
    appendFileSync(
      process.env.E2E_NOISE_LOG,
      `${JSON.stringify({ test: testInfo.titlePath.join(" › "), noise })}\n`,
    );
  const allowed = testInfo.annotations
    .filter((annotation) => annotation.type === allowedType)
    .map((annotation) => new RegExp(annotation.description ?? ""));
  const unexpected = noise.filter(
    (line) => ![...notThePagesFault, ...allowed].some((pattern) => pattern.test(line)),
  );
  expect(unexpected, "console warnings, uncaught errors and failed requests of the test's pages").toEqual([]);
}
