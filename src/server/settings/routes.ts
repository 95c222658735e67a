import { Hono } from "hono";
import type {
  CertificateSettingsResponse,
  SchoolSettingsResponse,
  SetupChecklistResponse,
} from "../../domain/api.ts";
import { certificateSettingsSchema, schoolSettingsSchema } from "../../domain/school-settings-schema.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { parseJsonBody } from "../http/validate.ts";
import type { SettingsService } from "./service.ts";

/**
 * /api/settings: School settings, the owner's (the admin role) only. GET answers the settings in force (site.json's
 * while none are saved: `stored` false); PUT replaces them all, checked field by field (a 400 names the first bad
 * field and saves nothing); GET /setup lists what the setup checklist on /admin still asks for. GET and PUT
 * /certificates read and set "Approve certificates before publishing" (issue 28), saved on its own: no page shows it.
 */
export function settingsRoutes(deps: { settings: SettingsService; guard: SessionGuard }) {
  const { settings, guard } = deps;
  return new Hono<AppEnv>()
    .get("/", guard.requireAdmin, async (c) => {
      c.header("Cache-Control", "no-store");
      const { settings: current, stored } = await settings.current();
      return c.json<SchoolSettingsResponse>({ settings: current, stored });
    })
    .put("/", guard.requireAdmin, async (c) => {
      const body = await parseJsonBody(c, schoolSettingsSchema);
      const saved = await settings.save(body, c.get("signedIn").userId);
      return c.json<SchoolSettingsResponse>({ settings: saved.settings, stored: saved.stored });
    })
    .get("/certificates", guard.requireAdmin, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json<CertificateSettingsResponse>({ settings: await settings.certificateSettings() });
    })
    .put("/certificates", guard.requireAdmin, async (c) => {
      const body = await parseJsonBody(c, certificateSettingsSchema);
      const saved = await settings.saveCertificateSettings(body, c.get("signedIn").userId);
      return c.json<CertificateSettingsResponse>({ settings: saved });
    })
    .get("/setup", guard.requireAdmin, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json<SetupChecklistResponse>({ toDo: await settings.setupToDo() });
    });
}
