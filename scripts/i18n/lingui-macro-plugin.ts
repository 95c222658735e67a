import { type PluginItem, type PluginObj, transformAsync } from "@babel/core";
import type { Plugin } from "vite";

/** One babel pass of `plugin` over a module as written (no project babel config), with its source map. */
async function babelPass(code: string, id: string, parse: ("jsx" | "typescript")[], plugin: PluginItem) {
  const result = await transformAsync(code, {
    filename: id,
    babelrc: false,
    configFile: false,
    sourceMaps: true,
    parserOpts: { plugins: parse },
    plugins: [plugin],
  });
  return result?.code ? { code: result.code, map: result.map } : null;
}

/**
 * Compiles Lingui's macros (`t`, `msg`, `<Trans>`, `<Plural>`, `useLingui` from @lingui/core/macro and
 * @lingui/react/macro) before the React plugin sees a module. Lingui's own route under Vite 8 is
 * @rolldown/plugin-babel, which declares Node 22; this is the same babel pass, run only on modules that import a
 * macro (docs/decisions/018).
 */
export function linguiMacros(): Plugin {
  return {
    name: "lingui-macros",
    enforce: "pre",
    async transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id.split("?")[0] ?? "") || id.includes("/node_modules/")) return null;
      if (!code.includes("@lingui/core/macro") && !code.includes("@lingui/react/macro")) return null;
      return babelPass(code, id, ["jsx", "typescript"], "@lingui/babel-plugin-lingui-macro");
    },
  };
}

/**
 * In a browser build, the message descriptors of src/domain (`/*i18n*\/ { id, message }`, written without macros
 * since the server runs those files as they are) keep their id only, as Lingui's macros leave the web's own words in
 * a production build. Every page reads its words from its language's catalogue, which holds every id the code uses
 * in both languages (catalogues.test.ts); the English default beside each id was bytes every page downloaded for
 * nothing. The server, and the server's render of a page (`ssr`), keep the defaults.
 */
export function descriptorsWithoutDefaults(): Plugin {
  return {
    name: "i18n-descriptors-without-defaults",
    apply: "build",
    // Before TypeScript is compiled away with the comments that mark the descriptors.
    enforce: "pre",
    async transform(code, id, options) {
      if (options?.ssr || !id.includes("/src/domain/") || !code.includes("/*i18n*/")) return null;
      return babelPass(
        code,
        id,
        ["typescript"],
        (): PluginObj => ({
          visitor: {
            ObjectExpression(object) {
              const marked = object.node.leadingComments?.some((comment) => comment.value.trim() === "i18n");
              if (!marked) return;
              for (const property of object.get("properties")) {
                const key = property.isObjectProperty() ? property.node.key : null;
                if (key && "name" in key && (key.name === "message" || key.name === "comment"))
                  property.remove();
              }
            },
          },
        }),
      );
    },
  };
}
