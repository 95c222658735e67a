import { type Kysely, sql } from "kysely";

/**
 * Families (docs/decisions/019): a `client` row is now a household, the account that holds plans, bookings and
 * payments, with the address its lessons are taught at. It keeps its table, id and contact columns (the spec's
 * "client" is the family's account, and every plan, booking and lesson already points at it).
 * - `guardian`: a person who signs in for a household, with what they may do. Today's client becomes its
 *   household's first guardian, allowed everything, keeping their class-reminder choice (moved from `client`).
 * - `swimmer`: who swims, in a household. Today's client is also its household's only swimmer (same id), linked
 *   to their own login (an adult learner is their own guardian).
 * - `lessonSwimmer`: who swims in a lesson, each with their own feedback. Every lesson gets its household's one
 *   swimmer, with the feedback it had (moved from `lesson`).
 * - milestones and gallery items name their swimmer; the calendar feed belongs to a guardian (each their own secret
 *   address): today's feeds become their first guardian's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const flag = (name: string) => sql.raw(`check ("${name}" in (0, 1))`);

  await db.schema
    .alterTable("client")
    .addColumn("address", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("client")
    .addColumn("accessNotes", "text", (col) => col.notNull().defaultTo(""))
    .execute();

  await db.schema
    .createTable("guardian")
    .addColumn("userId", "text", (col) =>
      col.notNull().primaryKey().references("user.id").onDelete("cascade"),
    )
    .addColumn("clientId", "text", (col) => col.notNull().references("client.id").onDelete("cascade"))
    .addColumn("canBook", "integer", (col) => col.notNull().defaultTo(1).modifyEnd(flag("canBook")))
    .addColumn("canPay", "integer", (col) => col.notNull().defaultTo(1).modifyEnd(flag("canPay")))
    .addColumn("canSeeProgress", "integer", (col) =>
      col.notNull().defaultTo(1).modifyEnd(flag("canSeeProgress")),
    )
    .addColumn("getsMail", "integer", (col) => col.notNull().defaultTo(1).modifyEnd(flag("getsMail")))
    .addColumn("classRemindersEnabled", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("guardian_clientId_idx").on("guardian").column("clientId").execute();
  await sql`insert into "guardian"
      ("userId", "clientId", "canBook", "canPay", "canSeeProgress", "getsMail", "classRemindersEnabled", "createdAt")
    select "id", "id", 1, 1, 1, 1, "classRemindersEnabled", "createdAt" from "client"`.execute(db);
  await db.schema.alterTable("client").dropColumn("classRemindersEnabled").execute();

  await db.schema
    .createTable("swimmer")
    .addColumn("id", "text", (col) => col.notNull().primaryKey())
    .addColumn("clientId", "text", (col) => col.notNull().references("client.id").onDelete("cascade"))
    .addColumn("firstName", "text", (col) => col.notNull())
    .addColumn("lastName", "text", (col) => col.notNull())
    .addColumn("birthDate", "text")
    .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("photoPermission", "integer", (col) =>
      col.notNull().defaultTo(1).modifyEnd(flag("photoPermission")),
    )
    // The swimmer's own login, when a guardian swims (an adult learner).
    .addColumn("userId", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("swimmer_clientId_idx")
    .on("swimmer")
    .columns(["clientId", "createdAt"])
    .execute();
  // The school has kept every existing client's photos: their permission is on, as it was in practice.
  await sql`insert into "swimmer" ("id", "clientId", "firstName", "lastName", "birthDate", "notes",
      "photoPermission", "userId", "createdAt")
    select "id", "id", "firstName", "lastName", null, '', 1, "id", "createdAt" from "client"`.execute(db);

  await db.schema
    .createTable("lessonSwimmer")
    .addColumn("lessonId", "integer", (col) => col.notNull().references("lesson.id").onDelete("cascade"))
    .addColumn("swimmerId", "text", (col) => col.notNull().references("swimmer.id").onDelete("cascade"))
    .addColumn("feedback", "text")
    .addColumn("feedbackUpdatedAt", "text")
    .addPrimaryKeyConstraint("lessonSwimmer_pkey", ["lessonId", "swimmerId"])
    .execute();
  await db.schema
    .createIndex("lessonSwimmer_swimmerId_idx")
    .on("lessonSwimmer")
    .column("swimmerId")
    .execute();
  await sql`insert into "lessonSwimmer" ("lessonId", "swimmerId", "feedback", "feedbackUpdatedAt")
    select "id", "clientId", "feedback", "feedbackUpdatedAt" from "lesson"`.execute(db);
  await db.schema.alterTable("lesson").dropColumn("feedback").execute();
  await db.schema.alterTable("lesson").dropColumn("feedbackUpdatedAt").execute();

  for (const table of ["milestone", "galleryItem"]) {
    await db.schema
      .alterTable(table)
      .addColumn("swimmerId", "text", (col) => col.references("swimmer.id").onDelete("cascade"))
      .execute();
    await sql`update ${sql.table(table)} set "swimmerId" = "clientId"`.execute(db);
    await db.schema.createIndex(`${table}_swimmerId_idx`).on(table).column("swimmerId").execute();
  }

  await db.schema
    .createTable("guardianCalendarFeed")
    .addColumn("userId", "text", (col) =>
      col.notNull().primaryKey().references("guardian.userId").onDelete("cascade"),
    )
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await sql`insert into "guardianCalendarFeed" ("userId", "token", "createdAt")
    select "clientId", "token", "createdAt" from "calendarFeed"`.execute(db);
  await db.schema.dropTable("calendarFeed").execute();
}
