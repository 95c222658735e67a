import { Hono } from "hono";
import { type ReminderSettingsResponse, reminderSettingsSchema } from "../../domain/bookings.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { clientIdParam, parseJsonBody } from "../http/validate.ts";
import type { Wiring } from "../wiring.ts";
import { reminderSettings, setReminders } from "./service.ts";

/** /api/clients/:clientId/reminders: the client's class reminder switch, for that client and admins. */
export function reminderSettingRoutes(deps: Wiring & { guard: SessionGuard }) {
  const access = deps.guard.requireClientAccess("clientId");
  return new Hono<AppEnv>()
    .get("/:clientId/reminders", access, async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json<ReminderSettingsResponse>(await reminderSettings(deps, clientIdParam(c)));
    })
    .put("/:clientId/reminders", access, async (c) => {
      const { enabled } = await parseJsonBody(c, reminderSettingsSchema);
      return c.json<ReminderSettingsResponse>(await setReminders(deps, clientIdParam(c), enabled));
    });
}
