import { transformAsync } from "@babel/core";
import type { Plugin } from "vite";

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
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ["jsx", "typescript"] },
        plugins: ["@lingui/babel-plugin-lingui-macro"],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
