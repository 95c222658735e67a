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

/** Replaces the stored settings with `settings`, in one transaction: a reader sees the old ones or the new ones. */
export async function writeSettings(
  db: Db,
  settings: SchoolSettings,
  by: { userId: string; at: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
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
  });
}
