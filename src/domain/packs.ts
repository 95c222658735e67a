import { type PackType, packTypes } from "./pack-catalogue.ts";
import { translate } from "./translate.ts";
import { said, z } from "./zod.ts";

export { type Pack, type PackType, packOf, packTitle, packTypes } from "./pack-catalogue.ts";

/** The pack a package selector starts on (spec §2: "defaulting to 4"). */
export const defaultPackType: PackType = "4_60";

export const packMessages = {
  get choosePackage() {
    return translate(/*i18n*/ { id: "packs.choosePackage", message: "Please choose a package." });
  },
};

export const packTypeSchema = z.enum(
  packTypes,
  said(() => packMessages.choosePackage),
);
