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
