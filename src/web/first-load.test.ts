import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientPageModules, signedInLayoutModule } from "./first-load.ts";

describe("the client pages' code named in their HTML", () => {
  it("is the module each page's lazy route imports, so the browser fetches that page's code, not another's", () => {
    const routes = readFileSync(path.join(import.meta.dirname, "signed-in-routes.tsx"), "utf8");
    const pathNames = readFileSync(path.join(import.meta.dirname, "../domain/paths.ts"), "utf8");
    for (const [route, module] of Object.entries(clientPageModules)) {
      const name = new RegExp(`\\s(\\w+): "${route}",`).exec(pathNames)?.[1];
      expect(name, route).toBeDefined();
      // The route's own lazy import, or (payments) the function its route is made by.
      const own = new RegExp(`path: paths\\.${name},\\s*lazy: \\(\\) =>\\s*import\\("\\./${module}"\\)`);
      const made = new RegExp(`\\w+Route\\(paths\\.${name}\\)`);
      expect(own.test(routes) || made.test(routes), route).toBe(true);
      expect(routes).toContain(`import("./${module}")`);
    }
    expect(routes).toContain(`import("./${signedInLayoutModule}")`);
  });
});
