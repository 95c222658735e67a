import { readdirSync } from "node:fs";
import type { Hono } from "hono";
import type { PathValue, Resolve } from "./arbitraries.ts";
import { writePathValue } from "./arbitraries.ts";

export interface ApiRoute {
  method: string;
  /** As registered, e.g. /api/clients/:clientId/bookings. */
  path: string;
  /** The path's parameters in order (`*` for a wildcard). */
  params: string[];
}

const paramPattern = /:([A-Za-z0-9_]+)(\{[^}]*\})?|\*/g;

/** Every /api route the app registers (middleware, registered as ALL, left out), once each. */
export function apiRoutes(app: Pick<Hono, "routes">): ApiRoute[] {
  const seen = new Set<string>();
  const routes: ApiRoute[] = [];
  for (const { method, path } of app.routes) {
    if (method === "ALL" || !path.startsWith("/api/")) continue;
    const key = `${method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method, path, params: [...path.matchAll(paramPattern)].map((m) => m[1] ?? "*") });
  }
  return routes;
}

/** The route's path with its parameters filled in, in order. */
export function fillPath(route: ApiRoute, values: readonly PathValue[], resolve: Resolve): string {
  let i = 0;
  return route.path.replace(paramPattern, () => {
    const value = values[i++];
    return value ? writePathValue(value, resolve) : "x";
  });
}

/** An object schema the API parses input with: its keys, and a check of one field's value. */
export interface DomainSchema {
  keys: string[];
  accepts(key: string, value: unknown): boolean;
}

interface ZodLike {
  _zod?: { def?: Record<string, unknown> };
  safeParse?(value: unknown): { success: boolean };
}

/**
 * Every object schema exported by src/domain (the zod schemas the routes parse their input with), found in the
 * modules themselves so that a new schema's fields are attacked without editing the test.
 */
export async function domainSchemas(): Promise<DomainSchema[]> {
  const folder = new URL("../../src/domain/", import.meta.url);
  const found = new Map<string, DomainSchema>();
  const seen = new Set<unknown>();
  const visit = (schema: unknown) => {
    if (!schema || typeof schema !== "object" || seen.has(schema)) return;
    seen.add(schema);
    const def = (schema as ZodLike)._zod?.def;
    if (!def) return;
    if (def.type === "object" && def.shape && typeof def.shape === "object") {
      const shape = def.shape as Record<string, ZodLike>;
      const keys = Object.keys(shape);
      if (keys.length > 0 && !found.has(keys.join(","))) {
        found.set(keys.join(","), {
          keys,
          accepts: (key, value) => shape[key]?.safeParse?.(value).success === true,
        });
      }
      for (const field of Object.values(shape)) visit(field);
    }
    for (const name of ["innerType", "in", "out", "schema", "element", "valueType", "left", "right"]) {
      visit(def[name]);
    }
    if (Array.isArray(def.options)) for (const option of def.options) visit(option);
  };
  for (const file of readdirSync(folder)) {
    if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
    const module = (await import(new URL(file, folder).href)) as Record<string, unknown>;
    for (const exported of Object.values(module)) visit(exported);
  }
  return [...found.values()];
}
