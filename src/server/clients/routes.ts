import { type Context, Hono } from "hono";
import { z } from "zod";
import { clientListQuerySchema, registerClientSchema, updateClientSchema } from "../../domain/clients.ts";
import { messages } from "../../domain/messages.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { AppError, appError } from "../http/errors.ts";
import { parseJsonBody, parseQuery } from "../http/validate.ts";
import {
  type ClientDeps,
  deleteClient,
  getClient,
  registerClient,
  searchClients,
  updateClient,
} from "./service.ts";

/** better-auth's ids (32 letters and digits); anything else is refused before any query. */
const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

function clientId(c: Context): string {
  const parsed = clientIdSchema.safeParse(c.req.param("id"));
  if (!parsed.success) throw appError("validation", 400, "Invalid client id.", { field: "id" });
  return parsed.data;
}

/** /api/clients: the admin's client management. Every route is admin-only. */
export function clientRoutes(deps: ClientDeps & { guard: SessionGuard }) {
  return new Hono<AppEnv>()
    .use(deps.guard.requireAdmin)
    .get("/", async (c) => c.json(await searchClients(deps, parseQuery(c, clientListQuerySchema))))
    .post("/", async (c) => {
      // The Register Client toast shows 'Error: {reason}' (spec §8), so every refusal here reads that way.
      const input = await parseJsonBody(c, registerClientSchema).catch((error: unknown) => {
        if (error instanceof AppError) {
          throw appError(error.code, error.status, messages.registrationFailed(error.message), error.details);
        }
        throw error;
      });
      const { client, temporaryPassword } = await registerClient(deps, input);
      return c.json(
        { client, temporaryPassword, message: messages.clientRegistered(temporaryPassword) },
        201,
      );
    })
    .get("/:id", async (c) => c.json({ client: await getClient(deps, clientId(c)) }))
    .patch("/:id", async (c) => {
      const id = clientId(c);
      const input = await parseJsonBody(c, updateClientSchema);
      const client = await updateClient(deps, id, input);
      return c.json({ client, message: messages.clientUpdated });
    })
    .delete("/:id", async (c) => {
      await deleteClient(deps, clientId(c));
      return c.json({ message: messages.clientDeleted });
    });
}
