import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";
import type { Paper } from "../../domain/certificates.ts";
import { inLanguage, type ReportCard } from "../../domain/curriculum.ts";
import type { Locale } from "../../domain/locale.ts";
import { formatDay } from "../../domain/school-day.ts";
import { translate } from "../../domain/translate.ts";
import { inLocale } from "../i18n/i18n.ts";

/**
 * The certificate and the report card as PDF (docs/decisions/027), made with pdfkit on request. The fonts are
 * embedded from the repository (fonts/dejavu, DejaVu Sans): pdfkit's built-in Helvetica writes garbage for "Łukasz"
 * and would depend on the reader's fonts. pdfkit embeds only the glyphs used.
 */
const fontPath = (name: string) => fileURLToPath(new URL(`../../../fonts/dejavu/${name}`, import.meta.url));
const fonts = { regular: fontPath("DejaVuSans.ttf"), bold: fontPath("DejaVuSans-Bold.ttf") };

/** What a certificate shows: the school, the swimmer, the level, the day, the instructor, the number. */
export interface CertificateContent {
  school: string;
  swimmerName: string;
  level: { name: string; nameEs: string };
  /** YYYY-MM-DD, the school's day. */
  passedOn: string;
  instructor: string | null;
  number: string | null;
}

/** A report card: the certificate's facts and the level's skills with their ratings, as its snapshot has them. */
export interface ReportCardContent extends CertificateContent {
  skills: ReportCard["skills"];
}

const pdfkitSize: Record<Paper, string> = { a4: "A4", letter: "LETTER" };
const ink = "#12355b";
const muted = "#4a5563";

function newDocument(paper: Paper, layout: "portrait" | "landscape", title: string, locale: Locale) {
  const { regular, bold } = fonts;
  const doc = new PDFDocument({
    size: pdfkitSize[paper],
    layout,
    margin: 56,
    // Opened in the embedded font: pdfkit then loads no built-in font at all.
    font: regular,
    lang: locale,
    displayTitle: true,
    info: { Title: title, Author: "", Subject: title },
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  return doc;
}

function finish(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
    doc.end();
  });
}

/** The words both documents share, in the language being written. */
function facts(content: CertificateContent, locale: Locale) {
  const level = inLanguage(content.level.name, content.level.nameEs, locale);
  return {
    level,
    date: formatDay(content.passedOn),
    instructor: content.instructor
      ? translate(
          /*i18n*/ {
            id: "pdf.instructor",
            message: "Instructor: {name}",
            values: { name: content.instructor },
          },
        )
      : "",
    number: content.number
      ? translate(
          /*i18n*/ {
            id: "pdf.certificateNumber",
            message: "Certificate number: {number}",
            values: { number: content.number },
          },
        )
      : "",
    title: translate(
      /*i18n*/ {
        id: "pdf.documentTitle",
        message: "{swimmer}: {level}",
        values: { swimmer: content.swimmerName, level },
      },
    ),
  };
}

/** The certificate, landscape, in `locale`. */
export function certificatePdf(
  content: CertificateContent,
  locale: Locale,
  paper: Paper,
): Promise<Uint8Array> {
  return inLocale(locale, () => {
    const said = facts(content, locale);
    const doc = newDocument(paper, "landscape", said.title, locale);
    const { width, height } = doc.page;
    const inner = 36;
    doc
      .lineWidth(3)
      .strokeColor(ink)
      .rect(inner, inner, width - 2 * inner, height - 2 * inner)
      .stroke();
    doc
      .lineWidth(1)
      .rect(inner + 8, inner + 8, width - 2 * inner - 16, height - 2 * inner - 16)
      .stroke();
    const left = 72;
    const line = { width: width - 2 * left, align: "center" as const };
    doc.fillColor(muted).font("bold").fontSize(16).text(content.school, left, 92, line);
    doc.moveDown(1.2);
    doc
      .fillColor(ink)
      .font("bold")
      .fontSize(32)
      .text(translate(/*i18n*/ { id: "pdf.certificate.title", message: "Certificate of achievement" }), line);
    doc.moveDown(0.8);
    doc
      .fillColor(muted)
      .font("regular")
      .fontSize(15)
      .text(translate(/*i18n*/ { id: "pdf.certificate.certifies", message: "This certifies that" }), line);
    doc.moveDown(0.5);
    doc.fillColor(ink).font("bold").fontSize(30).text(content.swimmerName, line);
    doc.moveDown(0.5);
    doc
      .fillColor(muted)
      .font("regular")
      .fontSize(15)
      .text(translate(/*i18n*/ { id: "pdf.certificate.passed", message: "has passed the level" }), line);
    doc.moveDown(0.4);
    doc.fillColor(ink).font("bold").fontSize(24).text(said.level, line);
    doc.moveDown(0.4);
    doc
      .fillColor(muted)
      .font("regular")
      .fontSize(15)
      .text(
        translate(/*i18n*/ { id: "pdf.certificate.on", message: "on {date}", values: { date: said.date } }),
        line,
      );
    const foot = height - 112;
    const half = (width - 2 * left) / 2;
    doc.fillColor(ink).font("regular").fontSize(12);
    doc.text(said.instructor, left, foot, { width: half, align: "left" });
    doc.text(said.number, left + half, foot, { width: half, align: "right" });
    return finish(doc);
  });
}

/** The report card, portrait, in `locale`: read from the report card's snapshot only. */
export function reportCardPdf(content: ReportCardContent, locale: Locale, paper: Paper): Promise<Uint8Array> {
  return inLocale(locale, () => {
    const said = facts(content, locale);
    const doc = newDocument(paper, "portrait", said.title, locale);
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const bottom = () => doc.page.height - doc.page.margins.bottom;

    doc
      .fillColor(muted)
      .font("bold")
      .fontSize(13)
      .text(content.school, left, doc.page.margins.top, { width });
    doc.moveDown(0.3);
    doc
      .fillColor(ink)
      .font("bold")
      .fontSize(26)
      .text(translate(/*i18n*/ { id: "pdf.reportCard.title", message: "Report card" }), { width });
    doc.moveDown(0.4);
    doc.font("bold").fontSize(18).text(content.swimmerName, { width });
    doc
      .font("regular")
      .fontSize(12)
      .fillColor(muted)
      .text(
        translate(
          /*i18n*/ {
            id: "pdf.reportCard.levelPassed",
            message: "Passed the level {level} on {date}",
            values: { level: said.level, date: said.date },
          },
        ),
        { width },
      );
    for (const text of [said.instructor, said.number]) if (text) doc.text(text, { width });
    doc.moveDown(1);

    const ratingX = left + width * 0.62;
    const header = () => {
      const y = doc.y;
      doc.fillColor(ink).font("bold").fontSize(11);
      doc.text(translate(/*i18n*/ { id: "pdf.reportCard.skill", message: "Skill" }), left, y, {
        width: ratingX - left - 12,
      });
      doc.text(translate(/*i18n*/ { id: "pdf.reportCard.rating", message: "Rating" }), ratingX, y, {
        width: left + width - ratingX,
      });
      doc
        .lineWidth(1)
        .strokeColor(ink)
        .moveTo(left, doc.y + 4)
        .lineTo(left + width, doc.y + 4)
        .stroke();
      doc.y += 10;
    };
    header();
    for (const skill of content.skills) {
      if (doc.y > bottom() - 60) {
        doc.addPage();
        header();
      }
      const y = doc.y;
      const name = inLanguage(skill.name, skill.nameEs, locale);
      const optional = skill.required
        ? ""
        : ` ${translate(/*i18n*/ { id: "pdf.reportCard.optional", message: "(optional)" })}`;
      doc
        .fillColor("#111827")
        .font("regular")
        .fontSize(11)
        .text(`${name}${optional}`, left, y, { width: ratingX - left - 12 });
      const afterName = doc.y;
      const rating = skill.rating
        ? inLanguage(skill.rating.label, skill.rating.labelEs, locale)
        : translate(/*i18n*/ { id: "pdf.reportCard.notAssessed", message: "Not assessed" });
      doc
        .font(skill.rating?.mastered ? "bold" : "regular")
        .text(rating, ratingX, y, { width: left + width - ratingX });
      doc.y = Math.max(afterName, doc.y);
      const note = skill.rating?.note.trim();
      if (note) {
        doc
          .fillColor(muted)
          .font("regular")
          .fontSize(10)
          .text(
            translate(
              /*i18n*/ {
                id: "pdf.reportCard.comment",
                message: "Instructor's comment: {note}",
                values: { note },
              },
            ),
            left + 12,
            doc.y + 2,
            { width: width - 12 },
          );
      }
      doc
        .lineWidth(0.5)
        .strokeColor("#d1d5db")
        .moveTo(left, doc.y + 5)
        .lineTo(left + width, doc.y + 5)
        .stroke();
      doc.y += 10;
    }
    return finish(doc);
  });
}
