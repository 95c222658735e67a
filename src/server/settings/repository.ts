import type { ReelSetting, SchoolSettings } from "../../domain/school-settings.ts";
import type { Db } from "../db/database.ts";

/** The stored settings, or null while the owner has saved none (site.json's then). */
export async function readStoredSettings(db: Db): Promise<SchoolSettings | null> {
  const row = await db
    .selectFrom("schoolSettings")
    .select(["email", "phone", "socialProfileUrl", "contractFormUrl"])
    .where("id", "=", 1)
    .executeTakeFirst();
  if (!row) return null;
  const reels = await db
    .selectFrom("schoolReel")
    .select(["url", "caption", "captionEs", "sample"])
    .orderBy("position")
    .execute();
  return {
    ...row,
    reels: reels.map((reel): ReelSetting => ({ ...reel, sample: reel.sample === 1 })),
  };
}

/** Replaces the stored settings with `settings`, in the caller's transaction: a reader sees the old or the new. */
export async function writeSettings(
  trx: Db,
  settings: SchoolSettings,
  by: { userId: string; at: string },
): Promise<void> {
  const values = {
    email: settings.email,
    phone: settings.phone,
    socialProfileUrl: settings.socialProfileUrl,
    contractFormUrl: settings.contractFormUrl,
    updatedAt: by.at,
    updatedByUserId: by.userId,
  };
  await trx
    .insertInto("schoolSettings")
    .values({ id: 1, ...values })
    .onConflict((conflict) => conflict.column("id").doUpdateSet(values))
    .execute();
  await trx.deleteFrom("schoolReel").execute();
  await trx
    .insertInto("schoolReel")
    .values(
      settings.reels.map((reel, position) => ({
        position,
        url: reel.url,
        caption: reel.caption,
        captionEs: reel.captionEs,
        sample: reel.sample ? 1 : 0,
      })),
    )
    .execute();
}

/** "Approve certificates before publishing" (migration 0020): on while no settings are saved, as its default. */
export async function readCertificateApproval(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("schoolSettings")
    .select("approveCertificates")
    .where("id", "=", 1)
    .executeTakeFirst();
  return row ? Number(row.approveCertificates) === 1 : true;
}

/**
 * Sets "Approve certificates before publishing". A school with no saved settings gets `current` (site.json's)
 * saved with it: the setting is a column of the one settings row.
 */
export async function writeCertificateApproval(
  trx: Db,
  approve: boolean,
  current: SchoolSettings,
  by: { userId: string; at: string },
): Promise<void> {
  await writeSwitch(trx, "approveCertificates", approve, current, by);
}

/** "Move a class at once when a free time is chosen" (migration 0025): off while no settings are saved. */
export async function readAutomaticReschedules(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("schoolSettings")
    .select("automaticReschedules")
    .where("id", "=", 1)
    .executeTakeFirst();
  return row ? Number(row.automaticReschedules) === 1 : false;
}

/** Sets it, in the caller's transaction; a school with no saved settings gets `current` (site.json's) saved with it. */
export async function writeAutomaticReschedules(
  trx: Db,
  automatic: boolean,
  current: SchoolSettings,
  by: { userId: string; at: string },
): Promise<void> {
  await writeSwitch(trx, "automaticReschedules", automatic, current, by);
}

/**
 * Sets one on/off column of the one settings row; a school with no saved settings gets `current` (site.json's)
 * saved with it first.
 */
async function writeSwitch(
  trx: Db,
  column: "approveCertificates" | "automaticReschedules",
  on: boolean,
  current: SchoolSettings,
  by: { userId: string; at: string },
): Promise<void> {
  const exists = await trx.selectFrom("schoolSettings").select("id").where("id", "=", 1).executeTakeFirst();
  if (!exists) await writeSettings(trx, current, by);
  await trx
    .updateTable("schoolSettings")
    .set({ [column]: on ? 1 : 0, updatedAt: by.at, updatedByUserId: by.userId })
    .where("id", "=", 1)
    .execute();
}
