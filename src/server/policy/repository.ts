import type { CancellationPolicy, PolicyVersion } from "../../domain/policy.ts";
import type { Db } from "../db/database.ts";

const columns = [
  "version",
  "noticeHours",
  "lateCancellation",
  "reschedulesPerPackage",
  "creditExpiryDays",
  "creditsSharedBy",
  "weatherNoticeHours",
  "createdAt",
] as const;

type PolicyRow = {
  version: number;
  noticeHours: number;
  lateCancellation: CancellationPolicy["lateCancellation"];
  reschedulesPerPackage: number;
  creditExpiryDays: number;
  creditsSharedBy: CancellationPolicy["creditsSharedBy"];
  weatherNoticeHours: number;
  createdAt: string;
};

const toVersion = ({ version, createdAt, ...policy }: PolicyRow): PolicyVersion => ({
  version: Number(version),
  createdAt,
  policy: {
    noticeHours: Number(policy.noticeHours),
    lateCancellation: policy.lateCancellation,
    reschedulesPerPackage: Number(policy.reschedulesPerPackage),
    creditExpiryDays: Number(policy.creditExpiryDays),
    creditsSharedBy: policy.creditsSharedBy,
    weatherNoticeHours: Number(policy.weatherNoticeHours),
  },
});

/** The version in force: the highest (migration 0021 writes version 1, so there is always one). */
export async function readCurrentPolicy(db: Db): Promise<PolicyVersion> {
  const row = await db
    .selectFrom("cancellationPolicy")
    .select(columns)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  return toVersion(row);
}

export async function readPolicyVersions(db: Db, versions: readonly number[]): Promise<PolicyVersion[]> {
  if (versions.length === 0) return [];
  const rows = await db
    .selectFrom("cancellationPolicy")
    .select(columns)
    .where("version", "in", [...new Set(versions)])
    .execute();
  return rows.map(toVersion);
}

export async function readCurrentVersionNumber(db: Db): Promise<number> {
  const row = await db
    .selectFrom("cancellationPolicy")
    .select((eb) => eb.fn.max("version").as("version"))
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/** Writes `policy` as the next version; the versions before stay as they are (nothing here updates one). */
export async function insertPolicyVersion(
  trx: Db,
  policy: CancellationPolicy,
  by: { userId: string; at: string },
): Promise<number> {
  const version = (await readCurrentVersionNumber(trx)) + 1;
  await trx
    .insertInto("cancellationPolicy")
    .values({ version, ...policy, createdAt: by.at, createdByUserId: by.userId })
    .execute();
  return version;
}
