import { type SchoolSettings, settingsAttribute } from "../domain/school-settings.ts";

/** The school's saved settings the server wrote on the page's root as it sent the page, or null (none saved). */
export function pageSettings(
  root: HTMLElement | null = document.getElementById("root"),
): SchoolSettings | null {
  const json = root?.getAttribute(settingsAttribute);
  if (!json) return null;
  try {
    return JSON.parse(json) as SchoolSettings;
  } catch {
    return null;
  }
}
