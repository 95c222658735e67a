import type { Plugin } from "vite";
import { describe, expect, it } from "vitest";
import { descriptorsWithoutDefaults } from "./lingui-macro-plugin.ts";

const source = `import { translate } from "./translate.ts";
export const messages = {
  get saved() {
    return translate(/*i18n*/ { id: "messages.saved", message: "Saved.", comment: "A toast" });
  },
};
export const notAMessage = { id: "kept", message: "Not a descriptor: no marker." };
`;

async function transformed(id: string, ssr = false): Promise<string> {
  const plugin = descriptorsWithoutDefaults() as Plugin & {
    transform: (code: string, id: string, options?: { ssr?: boolean }) => Promise<{ code: string } | null>;
  };
  return (await plugin.transform(source, id, { ssr }))?.code ?? source;
}

describe("a domain file's message descriptors in a browser build", () => {
  it("keep their id only; an object without the marker keeps everything", async () => {
    const code = await transformed("/repo/src/domain/messages.ts");
    expect(code).toContain('id: "messages.saved"');
    expect(code).not.toContain("Saved.");
    expect(code).not.toContain("A toast");
    expect(code).toContain("Not a descriptor: no marker.");
  });

  it("are left whole for the server's render and outside src/domain", async () => {
    expect(await transformed("/repo/src/domain/messages.ts", true)).toContain("Saved.");
    expect(await transformed("/repo/src/web/page.ts")).toContain("Saved.");
  });
});
