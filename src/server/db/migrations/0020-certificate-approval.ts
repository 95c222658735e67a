import { type Kysely, sql } from "kysely";

/**
 * School settings' "Approve certificates before publishing" (issue 28, docs/decisions/027): `schoolSettings.
 * approveCertificates`, 1 (on) by default, so a school that upgrades keeps every new certificate for its owner to
 * approve before a family sees it. A school that has saved no settings yet has no row: the setting then reads as on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("schoolSettings")
    .addColumn("approveCertificates", "integer", (col) =>
      col.notNull().defaultTo(1).modifyEnd(sql.raw(`check ("approveCertificates" in (0, 1))`)),
    )
    .execute();
}
