/** What the browser tests and their server agree on. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);
export const e2eControlUrl = `http://127.0.0.1:${e2ePort + 1}`;
export const e2eAdmin = { email: "admin@e2e.example", password: "e2e-admin-password" };
/**
 * A second owner, for the tests that change an owner's own settings (their language): the first one's session is
 * shared by every test of a worker, and tests run side by side.
 */
export const e2eSecondAdmin = { email: "owner2@e2e.example", password: "e2e-owner2-password" };
/**
 * A third owner, whose language goes to Spanish and back to English in e2e/spanish-admin.spec.ts: the second one
 * stays in Spanish for the walk through the Spanish admin (e2e/spanish-walk.spec.ts), which may run at the same time.
 */
export const e2eLanguageOwner = { email: "owner3@e2e.example", password: "e2e-owner3-password" };
/**
 * Failed sign-ins one account may have before it is locked (SIGN_IN_ACCOUNT_FAILURE_LIMIT, 100 in production, which
 * the API tests hold): low here so the browser test that reaches it is quick, with room for the few wrong
 * passwords other tests type for the admin.
 */
export const e2eSignInFailureLimit = 10;

/**
 * The school's time zone in the browser tests: one where the run starts at about 10:00, so that no run crosses the
 * school's midnight. A test that books "today" and reads it back minutes later, or books tomorrow and then sweeps
 * tomorrow's reminders, would otherwise fail whenever a run spans midnight (this machine and CI run in UTC).
 *
 * The runner chooses it when it loads playwright.config.ts and sets TZ to it, so everything it starts after that
 * inherits the same zone: its workers (the specs' `new Date()` and date-fns read the school's clock), the e2e server
 * (config.ts takes the process's zone when TZ_SCHOOL is unset) and Chromium. A TZ_SCHOOL given by the person
 * running the tests wins.
 */
export const e2eSchoolZone = process.env.TZ_SCHOOL || zoneWhereItIsTen(new Date());
process.env.TZ_SCHOOL = e2eSchoolZone;
process.env.TZ = e2eSchoolZone;

/** A fixed-offset IANA zone in which `now` falls between 10:00 and 10:59 (Etc/GMT's signs are reversed). */
function zoneWhereItIsTen(now: Date): string {
  const hoursAhead = ((10 - now.getUTCHours() + 36) % 24) - 12;
  if (hoursAhead === 0) return "UTC";
  return `Etc/GMT${hoursAhead > 0 ? "-" : "+"}${Math.abs(hoursAhead)}`;
}
