import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The server's architecture, read from its real import specifiers: the server and the web app both stand on
 * src/domain and neither on the other; features depend on each other without a circle, through each other's
 * services, never through a repository; and Kysely queries are written in repositories only.
 */
const srcDir = path.resolve(import.meta.dirname, "..");
const serverDir = path.join(srcDir, "server");

/** Shared ground every feature stands on; the rest of src/server's folders are features. */
const infrastructure = new Set(["db", "http", "ports"]);

/** Every import and re-export, `import type` included: a type names its owner as surely as a value does. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers = [...source.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"/gm)];
  const bare = [...source.matchAll(/^\s*import\s+"([^"]+)"/gm)];
  const dynamic = [...source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)];
  return [...specifiers, ...bare, ...dynamic].map((match) => match[1] as string);
}

function sourceFiles(dir: string, { tests }: { tests: boolean }): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .filter((entry) => tests || !entry.name.includes(".test."))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The files `file` imports by relative path, resolved. */
const localImports = (file: string) =>
  importsOf(file)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => path.resolve(path.dirname(file), specifier));

const relative = (file: string) => path.relative(srcDir, file);
const isUnder = (file: string, dir: string) => file.startsWith(dir + path.sep);

/** The feature folder of a file of src/server (undefined for the root files and the shared ground). */
function featureOf(file: string): string | undefined {
  const parts = path.relative(serverDir, file).split(path.sep);
  if (parts.length < 2 || parts[0] === ".." || infrastructure.has(parts[0] as string)) return undefined;
  return parts[0];
}

describe("src/server, src/web and src/domain", () => {
  /** The imports of `files` that land in src/<to>. */
  const crossings = (files: string[], to: string) =>
    files.flatMap((file) =>
      localImports(file)
        .filter((target) => isUnder(target, path.join(srcDir, to)))
        .map((target) => `${relative(file)} → ${relative(target)}`),
    );

  it("the server imports nothing from the web app, tests included", () => {
    expect(crossings(sourceFiles(serverDir, { tests: true }), "web")).toEqual([]);
  });

  it("the web app imports nothing from the server, tests included", () => {
    expect(crossings(sourceFiles(path.join(srcDir, "web"), { tests: true }), "server")).toEqual([]);
  });

  it("the shared rules import neither", () => {
    const domain = sourceFiles(path.join(srcDir, "domain"), { tests: false });
    expect([...crossings(domain, "server"), ...crossings(domain, "web")]).toEqual([]);
  });
});

describe("the server's features", () => {
  const files = sourceFiles(serverDir, { tests: false });

  /** feature → the features it imports, each with one import that shows it. */
  function featureGraph(): Map<string, Map<string, string>> {
    const graph = new Map<string, Map<string, string>>();
    for (const file of files) {
      const from = featureOf(file);
      if (!from) continue;
      for (const target of localImports(file)) {
        const to = featureOf(target);
        if (!to || to === from) continue;
        const edges = graph.get(from) ?? new Map<string, string>();
        if (!edges.has(to)) edges.set(to, `${relative(file)} → ${relative(target)}`);
        graph.set(from, edges);
      }
    }
    return graph;
  }

  it("import each other without a circle", () => {
    const graph = featureGraph();
    const circles: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const walk = (feature: string, trail: string[]) => {
      if (state.get(feature) === "done") return;
      if (state.get(feature) === "visiting") {
        const circle = trail.slice(trail.indexOf(feature));
        circles.push(
          [...circle, feature]
            .slice(0, -1)
            .map((from, i) => graph.get(from)?.get([...circle, feature][i + 1] as string))
            .join("; "),
        );
        return;
      }
      state.set(feature, "visiting");
      for (const next of graph.get(feature)?.keys() ?? []) walk(next, [...trail, feature]);
      state.set(feature, "done");
    };
    for (const feature of [...graph.keys()].sort()) walk(feature, []);
    expect(circles).toEqual([]);
  });

  it("reach another feature through its service, never its repository", () => {
    const wrong = files.flatMap((file) =>
      localImports(file)
        .filter((target) => path.basename(target) === "repository.ts")
        .filter((target) => featureOf(file) !== undefined && featureOf(target) !== featureOf(file))
        .map((target) => `${relative(file)} → ${relative(target)}`),
    );
    expect(wrong).toEqual([]);
  });

  it("write their queries in repositories only", () => {
    const query = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(/;
    const wrong = files
      .filter((file) => featureOf(file) !== undefined && path.basename(file) !== "repository.ts")
      .filter((file) => query.test(readFileSync(file, "utf8")))
      .map(relative);
    expect(wrong).toEqual([]);
  });

  it("leave the plans table to the plans feature", () => {
    const wrong = files
      .filter((file) => featureOf(file) !== undefined && featureOf(file) !== "plans")
      .filter((file) => /["'`]subscriptionPlan(\.\w+)?["'`]/.test(readFileSync(file, "utf8")))
      .map(relative);
    expect(wrong).toEqual([]);
  });
});
