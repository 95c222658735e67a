import { Hono } from "hono";
import { type PolicyResponse, type PolicyVersion, policyMessages, policyWords } from "../../domain/policy.ts";
import { cancellationPolicySchema } from "../../domain/policy-schemas.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { parseJsonBody } from "../http/validate.ts";
import type { Wiring } from "../wiring.ts";
import { currentPolicy, savePolicy } from "./service.ts";

/** A version with its words in the language of whoever asked (the request's, src/server/i18n). */
const withWords = (found: PolicyVersion): PolicyResponse => ({ ...found, words: policyWords(found.policy) });

/** GET /api/policy: the policy in force, for anyone signed in (families read it on /payments). */
export function policyRoutes(deps: Pick<Wiring, "db"> & { guard: SessionGuard }) {
  return new Hono<AppEnv>().get("/", deps.guard.requireRole("admin", "instructor", "client"), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json<PolicyResponse>(withWords(await currentPolicy(deps.db)));
  });
}

/** PUT /api/settings/policy: the owner saves the policy, as a new version (400 naming the first bad field). */
export function policySettingsRoutes(deps: Pick<Wiring, "db" | "clock"> & { guard: SessionGuard }) {
  return new Hono<AppEnv>().put("/", deps.guard.requireAdmin, async (c) => {
    const body = await parseJsonBody(c, cancellationPolicySchema);
    const saved = await savePolicy(deps, body, c.get("signedIn").userId);
    return c.json<PolicyResponse>({ ...withWords(saved), message: policyMessages.saved });
  });
}
