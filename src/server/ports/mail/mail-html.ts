import content from "../../../content/site.json" with { type: "json" };

/**
 * The HTML part sent beside a mail's plain text (issue 24), drawn from that text at send time so the two always say
 * the same and the text stays complete on its own: the site's blue bar with the school's name, the paragraphs on a
 * white card, addresses as links, and the foot after the "-- " line in small grey type. Inline styles and tables
 * only: mail programs drop style sheets and most layout.
 */
const colours = { blue: "#0b4f8a", aqua: "#e7f4fb", ink: "#14212e", inkSoft: "#41505f", white: "#ffffff" };
const font = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** One line of text as HTML: escaped, with http(s) addresses as links. */
function lineHtml(line: string): string {
  return line
    .split(/(https?:\/\/[^\s<>"]+)/)
    .map((part, index) =>
      index % 2 === 1
        ? `<a href="${escapeHtml(part)}" style="color:${colours.blue}">${escapeHtml(part)}</a>`
        : escapeHtml(part),
    )
    .join("");
}

const paragraphHtml = (paragraph: string, style: string) =>
  `<p style="margin:0 0 16px;${style}">${paragraph.split("\n").map(lineHtml).join("<br>")}</p>`;

export function htmlOfMail(subject: string, text: string): string {
  const footAt = text.search(/(^|\n)-- \n/);
  const body = footAt < 0 ? text : text.slice(0, footAt);
  const foot = footAt < 0 ? "" : text.slice(footAt).replace(/^\n?-- \n/, "");
  const paragraphs = body
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => paragraphHtml(paragraph, `color:${colours.ink};font-size:16px;line-height:1.5`))
    .join("");
  const footHtml = foot
    ? `<tr><td style="padding:16px 24px 24px;border-top:1px solid #d5e2ec">${paragraphHtml(
        foot.trim(),
        `color:${colours.inkSoft};font-size:13px;line-height:1.5`,
      )}</td></tr>`
    : "";
  return [
    "<!doctype html>",
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${colours.aqua};font-family:${escapeHtml(font)}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colours.aqua}">`,
    '<tr><td align="center" style="padding:24px 12px">',
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${colours.white};border-radius:12px;overflow:hidden">`,
    `<tr><td style="background:${colours.blue};color:${colours.white};padding:16px 24px;font-size:20px;font-weight:700">${escapeHtml(content.school.name)}</td></tr>`,
    `<tr><td style="padding:24px 24px 8px">${paragraphs}</td></tr>`,
    footHtml,
    "</table></td></tr></table></body></html>",
  ].join("");
}
