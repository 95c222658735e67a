import { type Context, Hono } from "hono";
import { messages } from "../../domain/messages.ts";
import { rowIdParam } from "../../domain/query.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { httpMessages } from "../http/http-messages.ts";
import type { Outbox } from "../ports/mail/outbox.ts";

const mailIdSchema = rowIdParam(() => httpMessages.invalidMailId);

function mailId(c: Context): number {
  const parsed = mailIdSchema.safeParse(c.req.param("id"));
  if (!parsed.success) throw appError("validation", 400, httpMessages.invalidMailId, { field: "id" });
  return parsed.data;
}

/** /api/mail: the admin's view of mail that did not reach its recipient (never its body). */
export function mailRoutes(deps: { outbox: Outbox; guard: SessionGuard }) {
  const { outbox, guard } = deps;
  return new Hono<AppEnv>()
    .get("/undelivered", guard.requireAdmin, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ items: await outbox.undelivered() });
    })
    .post("/:id/retry", guard.requireAdmin, async (c) => {
      const id = mailId(c);
      if (!(await outbox.requeue(id))) {
        if ((await outbox.statusOf(id)) === null) throw appError("not-found", 404, messages.mailNotFound);
        throw appError("mail-not-failed", 409, messages.mailNotFailed);
      }
      await outbox.deliver(id);
      return c.json({ id, status: await outbox.statusOf(id) });
    });
}
