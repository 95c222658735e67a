import { type Context, Hono } from "hono";
import {
  type CreditChangeResponse,
  type CreditsResponse,
  creditBalanceAt,
  creditMessages,
} from "../../domain/credits.ts";
import { creditIdSchema, issueCreditSchema, voidCreditSchema } from "../../domain/credits-schemas.ts";
import { dayInZone } from "../../domain/school-day.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { clientIdParam, parseJsonBody } from "../http/validate.ts";
import type { Wiring } from "../wiring.ts";
import { creditView, householdCredits, issueCredit, voidCredit } from "./service.ts";

function creditIdParam(c: Context): number {
  const parsed = creditIdSchema.safeParse(c.req.param("creditId"));
  if (!parsed.success) throw appError("credit-not-found", 404, creditMessages.creditNotFound);
  return parsed.data;
}

/**
 * /api/clients/:clientId/credits (issue 29): the household's guardians allowed to book read its credits (a credit is
 * a class to book, and the guardian who cancels is the one who gets it); the owner reads them too, and alone issues
 * and voids them. Instructors: none.
 */
export function creditRoutes(deps: Pick<Wiring, "db" | "clock" | "config"> & { guard: SessionGuard }) {
  const { db, clock, config, guard } = deps;
  const timeZone = config.TZ_SCHOOL;
  return new Hono<AppEnv>()
    .get("/:clientId/credits", guard.requireClientAccess("clientId", "book"), async (c) => {
      c.header("Cache-Control", "private, no-store");
      const now = clock.now();
      const credits = await householdCredits(db, clientIdParam(c));
      return c.json<CreditsResponse>({
        today: dayInZone(now, timeZone),
        credits: credits.map((credit) => creditView(credit, now, timeZone)),
        balance: creditBalanceAt(credits, now, timeZone),
      });
    })
    .post("/:clientId/credits", guard.requireAdmin, async (c) => {
      const householdId = clientIdParam(c);
      const input = await parseJsonBody(c, issueCreditSchema);
      const now = clock.now();
      const credit = await db.transaction().execute((trx) =>
        issueCredit(trx, {
          householdId,
          ...input,
          issuedByUserId: c.get("signedIn").userId,
          now,
          timeZone,
        }),
      );
      return c.json<CreditChangeResponse, 201>(
        { credit: creditView(credit, now, timeZone), message: creditMessages.issued },
        201,
      );
    })
    .post("/:clientId/credits/:creditId/void", guard.requireAdmin, async (c) => {
      const householdId = clientIdParam(c);
      const creditId = creditIdParam(c);
      const { reason } = await parseJsonBody(c, voidCreditSchema);
      const now = clock.now();
      const credit = await db.transaction().execute((trx) =>
        voidCredit(trx, {
          householdId,
          creditId,
          reason,
          byUserId: c.get("signedIn").userId,
          now,
          timeZone,
        }),
      );
      return c.json<CreditChangeResponse>({
        credit: creditView(credit, now, timeZone),
        message: creditMessages.voided,
      });
    });
}
