/** What the browser tests and their server agree on. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);
export const e2eControlUrl = `http://127.0.0.1:${e2ePort + 1}`;
export const e2eAdmin = { email: "admin@e2e.example", password: "e2e-admin-password" };
/**
 * A second admin, for the tests that change an admin's own settings (the stored language, e2e/spanish-admin.spec.ts):
 * every worker signs `e2eAdmin` in at once, and a page of theirs would load in the language another test chose.
 */
export const e2eOwner = { email: "owner@e2e.example", password: "e2e-owner-password" };
/**
 * Failed sign-ins one account may have before it is locked (SIGN_IN_ACCOUNT_FAILURE_LIMIT, 100 in production, which
 * the API tests hold): low here so the browser test that reaches it is quick, with room for the few wrong
 * passwords other tests type for the admin.
 */
export const e2eSignInFailureLimit = 10;
