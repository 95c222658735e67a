import type { Db } from "../db/database.ts";

/**
 * One household's rows, as its data export hands them over (docs/decisions/037). Read-only, and every column is
 * named: a password hash, a session, a calendar-feed token, an invitation's or a share link's token hash and a
 * stored file's key are never selected. Every query is bounded by the household's id (or its swimmers' ids), so no
 * row of another household can come in.
 */

export async function householdRow(db: Db, clientId: string) {
  return db
    .selectFrom("client")
    .select([
      "id",
      "firstName",
      "lastName",
      "email",
      "phoneNumber",
      "address",
      "accessNotes",
      "defaultPackType",
      "createdAt",
    ])
    .where("id", "=", clientId)
    .executeTakeFirst();
}

export async function guardiansOfHousehold(db: Db, clientId: string) {
  return db
    .selectFrom("guardian")
    .innerJoin("user", "user.id", "guardian.userId")
    .select([
      "user.id",
      "user.name",
      "user.email",
      "user.locale",
      "guardian.canBook",
      "guardian.canPay",
      "guardian.canSeeProgress",
      "guardian.getsMail",
      "guardian.classRemindersEnabled",
      "guardian.createdAt",
    ])
    .where("guardian.clientId", "=", clientId)
    .orderBy("guardian.createdAt")
    .execute();
}

export async function invitationsOfHousehold(db: Db, clientId: string) {
  return db
    .selectFrom("guardianInvitation")
    .select([
      "email",
      "canBook",
      "canPay",
      "canSeeProgress",
      "getsMail",
      "createdAt",
      "expiresAt",
      "acceptedAt",
    ])
    .where("clientId", "=", clientId)
    .orderBy("createdAt")
    .execute();
}

export async function swimmersOfHousehold(db: Db, clientId: string) {
  return db
    .selectFrom("swimmer")
    .leftJoin("level", "level.id", "swimmer.levelId")
    .select([
      "swimmer.id",
      "swimmer.firstName",
      "swimmer.lastName",
      "swimmer.birthDate",
      "swimmer.notes",
      "swimmer.photoPermission",
      "swimmer.createdAt",
      "level.name as level",
    ])
    .where("swimmer.clientId", "=", clientId)
    .orderBy("swimmer.createdAt")
    .execute();
}

export async function checkoutsOfHousehold(db: Db, clientId: string) {
  return db
    .selectFrom("checkoutSession")
    .select(["provider", "packType", "status", "createdAt", "closedAt"])
    .where("clientId", "=", clientId)
    .orderBy("createdAt")
    .execute();
}

export async function bookingsOfHousehold(db: Db, clientId: string) {
  return db
    .selectFrom("booking")
    .select([
      "id",
      "planId",
      "title",
      "status",
      "paid",
      "classCount",
      "amountToPay",
      "createdAt",
      "updatedAt",
    ])
    .where("clientId", "=", clientId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

export async function lessonsOfHousehold(db: Db, clientId: string) {
  return db
    .selectFrom("lesson")
    .leftJoin("user as instructor", "instructor.id", "lesson.instructorId")
    .select([
      "lesson.id",
      "lesson.bookingId",
      "lesson.date",
      "lesson.startTime",
      "instructor.name as instructor",
      "lesson.cancelledAt",
      "lesson.cancellationReason",
      "lesson.cancellationOutcome",
      "lesson.cancellationCreditId",
    ])
    .where("lesson.clientId", "=", clientId)
    .orderBy("lesson.date")
    .execute();
}

export async function participantsOfHousehold(db: Db, clientId: string) {
  return db
    .selectFrom("lessonSwimmer")
    .innerJoin("lesson", "lesson.id", "lessonSwimmer.lessonId")
    .innerJoin("swimmer", "swimmer.id", "lessonSwimmer.swimmerId")
    .select([
      "lessonSwimmer.lessonId",
      "lessonSwimmer.swimmerId",
      "swimmer.firstName",
      "lessonSwimmer.attendance",
      "lessonSwimmer.feedback",
      "lessonSwimmer.feedbackUpdatedAt",
    ])
    .where("lesson.clientId", "=", clientId)
    .where("swimmer.clientId", "=", clientId)
    .execute();
}

export async function creditsOfHousehold(db: Db, clientId: string) {
  return db
    .selectFrom("credit")
    .leftJoin("creditEvent", "creditEvent.creditId", "credit.id")
    .select([
      "credit.id",
      "credit.swimmerId",
      "credit.kind",
      "credit.reason",
      "credit.issuedAt",
      "credit.expiresOn",
      "creditEvent.kind as ended",
      "creditEvent.at as endedAt",
      "creditEvent.lessonId as redeemedFor",
      "creditEvent.reason as voidReason",
    ])
    .where("credit.clientId", "=", clientId)
    .orderBy("credit.issuedAt")
    .execute();
}

export async function assessmentsOfHousehold(db: Db, clientId: string) {
  return db
    .selectFrom("assessment")
    .innerJoin("swimmer", "swimmer.id", "assessment.swimmerId")
    .innerJoin("skill", "skill.id", "assessment.skillId")
    .innerJoin("ratingScaleRating", "ratingScaleRating.id", "assessment.ratingId")
    .leftJoin("user as assessor", "assessor.id", "assessment.byUserId")
    .select([
      "assessment.id",
      "assessment.swimmerId",
      "swimmer.firstName",
      "skill.name as skill",
      "ratingScaleRating.label as rating",
      "assessment.note",
      "assessment.lessonId",
      "assessor.name as by",
      "assessment.at",
    ])
    .where("swimmer.clientId", "=", clientId)
    .orderBy("assessment.at")
    .orderBy("assessment.id")
    .execute();
}

export async function levelResultsOfHousehold(db: Db, clientId: string) {
  return db
    .selectFrom("levelResult")
    .innerJoin("swimmer", "swimmer.id", "levelResult.swimmerId")
    .innerJoin("level", "level.id", "levelResult.levelId")
    .select([
      "levelResult.id",
      "levelResult.swimmerId",
      "swimmer.firstName",
      "level.name as level",
      "levelResult.passedAt",
      "levelResult.certificateNumber",
      "levelResult.publishedAt",
      "levelResult.reportCard",
    ])
    .where("swimmer.clientId", "=", clientId)
    .orderBy("levelResult.passedAt")
    .execute();
}

export async function milestonesOfHousehold(db: Db, clientId: string) {
  return db
    .selectFrom("milestone")
    .select(["id", "swimmerId", "date", "timestamp", "imageKey"])
    .where("clientId", "=", clientId)
    .orderBy("timestamp")
    .execute();
}

export async function galleryOfHousehold(db: Db, clientId: string) {
  return db
    .selectFrom("galleryItem")
    .select(["id", "swimmerId", "mediaType", "date", "uploadedAt", "imageKey", "videoLink", "lessonId"])
    .where("clientId", "=", clientId)
    .orderBy("uploadedAt")
    .execute();
}
