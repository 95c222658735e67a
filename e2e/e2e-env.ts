/** What the browser tests and their server agree on. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);
export const e2eControlUrl = `http://127.0.0.1:${e2ePort + 1}`;
export const e2eAdmin = { email: "admin@e2e.example", password: "e2e-admin-password" };
