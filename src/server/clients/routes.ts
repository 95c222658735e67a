import { type Context, Hono } from "hono";
import { z } from "zod";
import type {
  ClientPageResponse,
  ClientResetLinkResponse,
  ClientResponse,
  DeleteClientResponse,
  RegisterClientResponse,
  TemporaryPasswordResponse,
  UpdateClientResponse,
} from "../../domain/api.ts";
import { clientListQuerySchema, registerClientSchema, updateClientSchema } from "../../domain/clients.ts";
import { messages } from "../../domain/messages.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { AppError, appError } from "../http/errors.ts";
import { httpMessages } from "../http/http-messages.ts";
import { parseJsonBody, parseQuery } from "../http/validate.ts";
import {
  type ClientDeps,
  deleteClient,
  getClient,
  issueTemporaryPassword,
  registerClient,
  searchClients,
  sendResetLink,
  updateClient,
} from "./service.ts";

/** better-auth's ids (32 letters and digits); anything else is refused before any query. */
const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

function clientId(c: Context): string {
  const parsed = clientIdSchema.safeParse(c.req.param("id"));
  if (!parsed.success) throw appError("validation", 400, httpMessages.invalidClientId, { field: "id" });
  return parsed.data;
}

/** /api/clients: the admin's client management; a client may read only their own row. */
export function clientRoutes(deps: ClientDeps & { guard: SessionGuard }) {
  const { requireAdmin, requireClientAccess } = deps.guard;
  return new Hono<AppEnv>()
    .get("/", requireAdmin, async (c) =>
      c.json<ClientPageResponse>(await searchClients(deps, parseQuery(c, clientListQuerySchema))),
    )
    .post("/", requireAdmin, async (c) => {
      // The Register Client toast shows 'Error: {reason}' (spec §8), so every refusal here reads that way.
      const input = await parseJsonBody(c, registerClientSchema).catch((error: unknown) => {
        if (error instanceof AppError) {
          throw appError(error.code, error.status, messages.registrationFailed(error.message), error.details);
        }
        throw error;
      });
      const { client, temporaryPassword } = await registerClient(deps, input);
      return c.json<RegisterClientResponse, 201>(
        { client, temporaryPassword, message: messages.clientRegistered(temporaryPassword) },
        201,
      );
    })
    .get("/:id", requireClientAccess("id", "progress"), async (c) =>
      c.json<ClientResponse>({ client: await getClient(deps, clientId(c)) }),
    )
    .patch("/:id", requireAdmin, async (c) => {
      const id = clientId(c);
      const input = await parseJsonBody(c, updateClientSchema);
      const client = await updateClient(deps, id, input);
      return c.json<UpdateClientResponse>({ client, message: messages.clientUpdated });
    })
    .delete("/:id", requireAdmin, async (c) => {
      await deleteClient(deps, clientId(c));
      return c.json<DeleteClientResponse>({ message: messages.clientDeleted });
    })
    .post("/:id/temporary-password", requireAdmin, async (c) => {
      const temporaryPassword = await issueTemporaryPassword(deps, clientId(c));
      c.header("Cache-Control", "no-store");
      return c.json<TemporaryPasswordResponse>({
        temporaryPassword,
        message: messages.temporaryPasswordIssued(temporaryPassword),
      });
    })
    .post("/:id/reset-link", requireAdmin, async (c) => {
      const email = await sendResetLink(deps, clientId(c));
      return c.json<ClientResetLinkResponse>({ message: messages.resetLinkSentTo(email) });
    });
}
