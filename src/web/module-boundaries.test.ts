import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eagerGraph, staticImports } from "../../test/support/import-graph.ts";
import { queryParams } from "../domain/paths.ts";

/**
 * Two rules of the browser code that a build would not catch until a visitor pays for them: the public pages'
 * bundle stays free of the signed-in pages' libraries, and imports flow one way (shared → features → pages).
 */
const webDir = path.resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes(".test."))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("the public pages' bundle", () => {
  it("loads no query library, no zod and no signed-in page: those come with the first signed-in route", () => {
    // main.tsx fetches the app after the page has loaded: public/hydrate.tsx is what a visitor then downloads.
    const { files, packages } = eagerGraph(path.join(webDir, "public/hydrate.tsx"));
    expect([...packages].filter((name) => name.startsWith("@tanstack/") || name === "zod")).toEqual([]);
    const signedInCode = [...files]
      .map((file) => path.relative(webDir, file))
      .filter((file) => /^(admin|client)\//.test(file) || file === "api/query-layout.tsx");
    expect(signedInCode).toEqual([]);
  });
});

describe("the client area's scripts", () => {
  it("carry no zod: a client page reads the domain's rules and words, the server checks what it sends", () => {
    // A domain module with a schema brings zod with it (its schemas are built when it loads): the schemas live in
    // `…-schemas.ts` modules, which no client page imports (docs/decisions/044).
    const withZod = sourceFiles(path.join(webDir, "client"))
      .filter((file) => eagerGraph(file).packages.has("zod"))
      .map((file) => path.relative(webDir, file));
    expect(withZod).toEqual([]);
  });

  it("carry no react-day-picker nor date-fns: the client's calendar is its own (docs/decisions/049)", () => {
    const calendarLibrary = (name: string) => /^(react-day-picker|date-fns)(\/|$)/.test(name);
    const withLibrary = sourceFiles(path.join(webDir, "client"))
      .filter((file) => [...eagerGraph(file).packages].some(calendarLibrary))
      .map((file) => path.relative(webDir, file));
    expect(withLibrary).toEqual([]);
  });
});

describe("the instructor's day (/today)", () => {
  it("carries no zod: a phone on a poor signal downloads and runs its page only (docs/decisions/044)", () => {
    const withZod = sourceFiles(path.join(webDir, "admin/today"))
      .filter((file) => eagerGraph(file).packages.has("zod"))
      .map((file) => path.relative(webDir, file));
    expect(withZod).toEqual([]);
  });
});

describe("the public pages' words", () => {
  const srcDir = path.resolve(webDir, "..");
  const relative = (files: Set<string>) => [...files].map((file) => path.relative(srcDir, file));

  it("are no part of their scripts: no catalogue and no school texts, the page brings its own (page-words.ts)", () => {
    const eager = new Set([
      ...eagerGraph(path.join(webDir, "main.tsx")).files,
      ...eagerGraph(path.join(webDir, "public/hydrate.tsx")).files,
    ]);
    expect(relative(eager).filter((file) => file.startsWith("locales/"))).toEqual([]);
    expect(relative(eager).filter((file) => /^content\/site.*\.json$/.test(file))).toEqual([]);
  });

  it("never reach the signed-in areas' catalogues, even through a later import()", () => {
    const { files } = eagerGraph(path.join(webDir, "main.tsx"), { dynamic: true });
    const everything = relative(files);
    // The walk does reach the lazy pieces (the login dialogs), so it would see a catalogue behind one.
    expect(everything).toContain("web/auth/login-dialogs.tsx");
    expect(everything.filter((file) => /^locales\/[^/]+\/(client|admin)\./.test(file))).toEqual([]);
    expect(
      everything.filter((file) => file.startsWith("locales/") || file === "web/i18n/catalogues.ts"),
    ).toEqual([]);
  });
});

describe("admin imports flow one way", () => {
  const adminDir = path.join(webDir, "admin");
  /** Shared by every admin feature; they import no feature. */
  const shared = new Set(["api", "components"]);
  /** Pages that compose features: the chrome and /admin's two views. */
  const composing = new Set(["layout", "home"]);
  const areaOf = (file: string) => path.relative(adminDir, file).split(path.sep)[0] as string;

  it("shared pieces import no feature, and no feature imports another", () => {
    const wrong: string[] = [];
    for (const file of sourceFiles(adminDir)) {
      const from = areaOf(file);
      for (const specifier of staticImports(file)) {
        if (!specifier.startsWith(".")) continue;
        const target = path.resolve(path.dirname(file), specifier);
        if (!target.startsWith(adminDir + path.sep)) continue;
        const to = areaOf(target);
        if (to === from || shared.has(to) || composing.has(from)) continue;
        wrong.push(`admin/${path.relative(adminDir, file)} → ${specifier}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("query parameters", () => {
  it("are named only in domain/paths.ts", () => {
    const names = Object.values(queryParams).join("|");
    // A page's parameter as a string of its own ("showBooking") or inside a URL ("/admin?showBooking=true").
    const literal = new RegExp(
      `["'\`](${names})["'\`]|["'\`][^"'\`\\n]*[?&](${names}|search|page|pageSize)=`,
    );
    const offenders = sourceFiles(webDir)
      .filter((file) => literal.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(webDir, file));
    expect(offenders).toEqual([]);
  });
});
