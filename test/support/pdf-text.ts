import { extractText, getDocumentProxy } from "unpdf";

/** A PDF as a reader sees it: its text (pages joined) and each page's size in points, read with PDF.js (unpdf). */
export async function readPdf(
  bytes: Uint8Array,
): Promise<{ text: string; pages: { width: number; height: number }[] }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const pages: { width: number; height: number }[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const { width, height } = (await pdf.getPage(number)).getViewport({ scale: 1 });
    pages.push({ width: Math.round(width), height: Math.round(height) });
  }
  const { text } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, " "), pages };
}
