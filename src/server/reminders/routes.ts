import { Hono } from "hono";
import type { ReminderSettingsResponse } from "../../domain/bookings.ts";
import { reminderSettingsSchema } from "../../domain/bookings-schemas.ts";
import type { SessionGuard } from "../auth/session.ts";
import { guardianActingFor } from "../households/service.ts";
import type { AppEnv } from "../http/app-env.ts";
import { clientIdParam, parseJsonBody } from "../http/validate.ts";
import type { Wiring } from "../wiring.ts";
import { reminderSettings, setReminders } from "./service.ts";

/**
 * /api/clients/:clientId/reminders: a guardian's own class reminder switch; an admin reads and sets the household's
 * first guardian's.
 */
export function reminderSettingRoutes(deps: Wiring & { guard: SessionGuard }) {
  const access = deps.guard.requireClientAccess("clientId", "progress");
  return new Hono<AppEnv>()
    .get("/:clientId/reminders", access, async (c) => {
      c.header("Cache-Control", "private, no-store");
      const guardian = guardianActingFor(c.get("signedIn"), clientIdParam(c));
      return c.json<ReminderSettingsResponse>(await reminderSettings(deps, guardian));
    })
    .put("/:clientId/reminders", access, async (c) => {
      const { enabled } = await parseJsonBody(c, reminderSettingsSchema);
      const guardian = guardianActingFor(c.get("signedIn"), clientIdParam(c));
      return c.json<ReminderSettingsResponse>(await setReminders(deps, guardian, enabled));
    });
}
