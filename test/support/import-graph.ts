import { readFileSync } from "node:fs";
import path from "node:path";

/** Runtime imports only: `import type` is erased, and `import()` makes a chunk of its own. */
export function staticImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^\s*(import|export)\s+(type\s)?[^;]*?\sfrom\s+"([^"]+)"/gm)) {
    if (!match[2]) specifiers.push(match[3] as string);
  }
  for (const match of source.matchAll(/^\s*import\s+"([^"]+)"/gm)) specifiers.push(match[1] as string);
  return specifiers;
}

/** The targets of `import("…")`: each a chunk of its own, fetched when the code asks for it. */
export function dynamicImports(file: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map(
    (match) => match[1] as string,
  );
}

/**
 * Every package and file reachable from `entry` without crossing a dynamic import() (JSON files included), or,
 * with `{ dynamic: true }`, through them too: everything the page could ever fetch.
 */
export function eagerGraph(
  entry: string,
  { dynamic = false } = {},
): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || !/\.(tsx?|json)$/.test(file)) return;
    files.add(file);
    if (file.endsWith(".json")) return;
    for (const specifier of [...staticImports(file), ...(dynamic ? dynamicImports(file) : [])]) {
      if (specifier.startsWith(".")) visit(path.resolve(path.dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return { files, packages };
}
