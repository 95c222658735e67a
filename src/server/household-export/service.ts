import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { schoolPaper } from "../../domain/certificates.ts";
import { defaultLocale, isLocale, type Locale } from "../../domain/locale.ts";
import { messages } from "../../domain/messages.ts";
import { dayInZone } from "../../domain/school-day.ts";
import { translate } from "../../domain/translate.ts";
import { recordAudit } from "../audit/service.ts";
import type { SignedIn } from "../auth/session.ts";
import { levelResultPdf } from "../certificates/service.ts";
import { appError } from "../http/errors.ts";
import { inLocale } from "../i18n/i18n.ts";
import { paymentsOfHousehold } from "../payments/service.ts";
import { plansOfHousehold } from "../plans/service.ts";
import type { Wiring } from "../wiring.ts";
import {
  assessmentsOfHousehold,
  bookingsOfHousehold,
  checkoutsOfHousehold,
  creditsOfHousehold,
  galleryOfHousehold,
  guardiansOfHousehold,
  householdRow,
  invitationsOfHousehold,
  lessonsOfHousehold,
  levelResultsOfHousehold,
  milestonesOfHousehold,
  participantsOfHousehold,
  swimmersOfHousehold,
} from "./repository.ts";

export type HouseholdExportDeps = Pick<Wiring, "db" | "clock" | "config" | "outbox" | "log" | "media">;

/** One file of the ZIP: its rows as JSON, a text, or bytes read only when the ZIP reaches it. */
type ExportFile =
  | { path: string; json: unknown }
  | { path: string; text: string }
  | { path: string; bytes: () => Promise<ReadableStream<Uint8Array> | Uint8Array | null> };

const flag = (value: number | boolean | null) => Boolean(value);

/** A name safe in any file system: letters and digits of the Latin alphabet, the rest a hyphen. */
const slug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase() || "household";

/**
 * The README, in the household's first guardian's language: what each file holds. The family reads it, not the
 * owner, so it is written in theirs.
 */
function readme(name: string, today: string, photos: number, certificates: number): string {
  return [
    translate(
      /*i18n*/ {
        id: "householdExport.readme.title",
        message: "The data our swim school keeps about the {name} family, as of {today}.",
        values: { name, today },
      },
    ),
    translate(
      /*i18n*/ {
        id: "householdExport.readme.format",
        message:
          "Each part is a JSON file (plain text that any text editor or spreadsheet program can open); dates are in ISO format (YYYY-MM-DD), times in UTC.",
      },
    ),
    [
      translate(
        /*i18n*/ {
          id: "householdExport.readme.household",
          message:
            "household.json: the family's details, its guardians and their permissions, pending invitations.",
        },
      ),
      translate(
        /*i18n*/ {
          id: "householdExport.readme.swimmers",
          message: "swimmers.json: the swimmers, their notes, photo permission and current level.",
        },
      ),
      translate(
        /*i18n*/ {
          id: "householdExport.readme.plans",
          message:
            "plans.json, payments.json and checkouts.json: the packages bought, each payment made for them and each checkout started.",
        },
      ),
      translate(
        /*i18n*/ {
          id: "householdExport.readme.lessons",
          message:
            "bookings.json and lessons.json: every booked lesson with who swam, attendance, feedback and cancellations.",
        },
      ),
      translate(
        /*i18n*/ {
          id: "householdExport.readme.credits",
          message: "credits.json: class credits issued, used, voided or expired.",
        },
      ),
      translate(
        /*i18n*/ {
          id: "householdExport.readme.progress",
          message:
            "assessments.json and certificates.json: every skill rating and every level passed, with its report card.",
        },
      ),
      translate(
        /*i18n*/ {
          id: "householdExport.readme.certificates",
          message:
            "certificates/: {count, plural, =0 {no published certificate yet.} one {the PDF of the published certificate and its report card.} other {the PDFs of the # published certificates and their report cards.}}",
          values: { count: certificates },
        },
      ),
      translate(
        /*i18n*/ {
          id: "householdExport.readme.photos",
          message:
            "media.json and photos/: {count, plural, =0 {no photo.} one {the photo, as stored.} other {the # photos, as stored.}} Video links are listed in media.json.",
          values: { count: photos },
        },
      ),
    ]
      .map((line) => `- ${line}`)
      .join("\n"),
  ].join("\n\n");
}

/**
 * The owner's download of one household's complete data (issue 30, docs/decisions/037): the rows are read at once
 * (a family's rows are kilobytes), the export is written in the audit log, and the ZIP is then streamed: photos and
 * certificates are read one at a time as the download reaches them, so a big family never sits in memory.
 */
export async function householdExport(
  deps: HouseholdExportDeps,
  owner: SignedIn,
  clientId: string,
): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  const { db } = deps;
  const household = await householdRow(db, clientId);
  if (!household) throw appError("client-not-found", 404, messages.clientNotFound);
  const [
    guardians,
    invitations,
    swimmers,
    plans,
    payments,
    checkouts,
    bookings,
    lessons,
    participants,
    credits,
    assessments,
    levelResults,
    milestones,
    gallery,
  ] = await Promise.all([
    guardiansOfHousehold(db, clientId),
    invitationsOfHousehold(db, clientId),
    swimmersOfHousehold(db, clientId),
    plansOfHousehold(db, clientId),
    paymentsOfHousehold(db, clientId),
    checkoutsOfHousehold(db, clientId),
    bookingsOfHousehold(db, clientId),
    lessonsOfHousehold(db, clientId),
    participantsOfHousehold(db, clientId),
    creditsOfHousehold(db, clientId),
    assessmentsOfHousehold(db, clientId),
    levelResultsOfHousehold(db, clientId),
    milestonesOfHousehold(db, clientId),
    galleryOfHousehold(db, clientId),
  ]);

  const today = dayInZone(deps.clock.now(), deps.config.TZ_SCHOOL);
  const photoFiles: ExportFile[] = [
    ...milestones.map((row) => ({ folder: "milestones", row, key: row.imageKey })),
    ...gallery.flatMap((row) => (row.imageKey ? [{ folder: "gallery", row, key: row.imageKey }] : [])),
  ].map(({ folder, row, key }) => ({
    path: `photos/${folder}/${row.date}-${row.id}.jpg`,
    bytes: async () => (await deps.media.get(key))?.body ?? null,
  }));
  const published = levelResults.filter((row) => row.publishedAt !== null);
  const certificateFiles: ExportFile[] = published.flatMap((row) =>
    (["certificate", "report-card"] as const).map((document) => ({
      path: `certificates/${document}-${row.certificateNumber ?? row.id}.pdf`,
      bytes: async () => (await levelResultPdf(deps, owner, row.id, document, schoolPaper)).bytes,
    })),
  );
  const language: Locale = guardians.find((guardian) => guardian.id === clientId)?.locale as Locale;
  const files: ExportFile[] = [
    {
      path: "README.txt",
      text: inLocale(isLocale(language) ? language : defaultLocale, () =>
        readme(`${household.firstName} ${household.lastName}`, today, photoFiles.length, published.length),
      ),
    },
    {
      path: "household.json",
      json: {
        household,
        guardians: guardians.map(
          ({ canBook, canPay, canSeeProgress, getsMail, classRemindersEnabled, ...guardian }) => ({
            ...guardian,
            permissions: {
              book: flag(canBook),
              pay: flag(canPay),
              progress: flag(canSeeProgress),
              mail: flag(getsMail),
            },
            classReminders: flag(classRemindersEnabled),
          }),
        ),
        invitations: invitations.map(({ canBook, canPay, canSeeProgress, getsMail, ...invitation }) => ({
          ...invitation,
          permissions: {
            book: flag(canBook),
            pay: flag(canPay),
            progress: flag(canSeeProgress),
            mail: flag(getsMail),
          },
        })),
      },
    },
    {
      path: "swimmers.json",
      json: swimmers.map((swimmer) => ({ ...swimmer, photoPermission: flag(swimmer.photoPermission) })),
    },
    {
      path: "plans.json",
      json: plans.map(({ clientId: _household, subscriptionId: _subscription, ...plan }) => ({
        ...plan,
        isActive: flag(plan.isActive),
      })),
    },
    { path: "payments.json", json: payments },
    { path: "checkouts.json", json: checkouts },
    { path: "bookings.json", json: bookings.map((booking) => ({ ...booking, paid: flag(booking.paid) })) },
    {
      path: "lessons.json",
      json: lessons.map((lesson) => ({
        ...lesson,
        swimmers: participants
          .filter((participant) => participant.lessonId === lesson.id)
          .map(({ lessonId: _lesson, ...participant }) => participant),
      })),
    },
    { path: "credits.json", json: credits },
    { path: "assessments.json", json: assessments },
    {
      path: "certificates.json",
      json: levelResults.map(({ reportCard, ...result }) => ({
        ...result,
        reportCard: JSON.parse(reportCard),
      })),
    },
    {
      path: "media.json",
      json: {
        milestones: milestones.map(({ imageKey: _key, ...row }) => ({
          ...row,
          file: `photos/milestones/${row.date}-${row.id}.jpg`,
        })),
        gallery: gallery.map(({ imageKey, ...row }) => ({
          ...row,
          file: imageKey ? `photos/gallery/${row.date}-${row.id}.jpg` : null,
        })),
      },
    },
    ...certificateFiles,
    ...photoFiles,
  ];

  await db.transaction().execute((trx) =>
    recordAudit(trx, {
      kind: "household-export",
      id: clientId,
      action: "exported",
      householdId: clientId,
      after: { files: files.length, photos: photoFiles.length, certificates: published.length },
    }),
  );
  return { filename: `${slug(household.lastName)}-${today}.zip`, body: zipStream(files, deps.log) };
}

/**
 * The ZIP, written as it is read: fflate's streaming `Zip` hands out each piece as soon as it is made; the next file
 * is only read once the reader pulled everything before it. JSON and text are deflated; photos and PDFs, already
 * compressed, are stored as they are.
 */
function zipStream(files: ExportFile[], log: Wiring["log"]): ReadableStream<Uint8Array> {
  const ready: Uint8Array[] = [];
  let ended = false;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else ready.push(chunk);
    if (final) ended = true;
  });
  let next = 0;
  const encoder = new TextEncoder();

  async function add(file: ExportFile): Promise<void> {
    if ("json" in file || "text" in file) {
      const entry = new ZipDeflate(file.path, { level: 6 });
      zip.add(entry);
      entry.push(
        encoder.encode("json" in file ? `${JSON.stringify(file.json, null, 2)}\n` : file.text),
        true,
      );
      return;
    }
    const content = await file.bytes();
    const entry = new ZipPassThrough(file.path);
    zip.add(entry);
    if (content === null) {
      // A file its row names but the store lost: an empty entry, and a line in the log for the owner.
      log("warn", "household export: a stored file is missing", { path: file.path });
      entry.push(new Uint8Array(0), true);
    } else if (content instanceof Uint8Array) {
      entry.push(content, true);
    } else {
      for await (const chunk of content as unknown as AsyncIterable<Uint8Array>) entry.push(chunk, false);
      entry.push(new Uint8Array(0), true);
    }
  }

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (ready.length === 0 && !ended) {
        const file = files[next++];
        if (file) await add(file);
        else zip.end();
        if (failure) throw failure;
      }
      const chunk = ready.shift();
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
}
