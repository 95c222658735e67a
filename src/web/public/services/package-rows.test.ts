import { describe, expect, it } from "vitest";
import { packCatalogue } from "../../../domain/pack-catalogue.ts";
import { render } from "../../entry-server.tsx";

describe("/services' packages table", () => {
  it("comes written in the page's words, as its prerendered HTML shows it, in each language", () => {
    for (const [path, classes] of [
      ["/services", "classes"],
      ["/es/services", "clases"],
    ] as const) {
      const { html, words } = render(path);
      expect(words.packages.map((row) => row.type)).toEqual(packCatalogue.map((pack) => pack.type));
      for (const [index, pack] of packCatalogue.entries()) {
        const row = words.packages[index];
        expect(row).toEqual({
          type: pack.type,
          classes: `${pack.classes} ${classes}`,
          pricePerClass: `$${pack.pricePerClass}`,
          price: `$${pack.price.toLocaleString("en-US")}`,
        });
        // Hydration renders these very cells: the HTML must hold them, or React would find another table.
        expect(html).toContain(
          `<th scope="row">${row?.classes}</th><td>${row?.pricePerClass}</td><td>${row?.price}</td>`,
        );
      }
    }
  });
});
