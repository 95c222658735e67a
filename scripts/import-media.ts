/**
 * Puts the school's own photos and clips in place of the drawn ones (npm run media:import -- <folder>).
 *
 * Each file is named after the place it takes on the site: `why-1.jpg`, `team-2.jpeg`, `carousel-7.jpg`,
 * `reel-3.jpg`… (every name in src/content/media.json) for photos, `hero.mp4`, `contact.mov`, `shop-1.mp4`,
 * `shop-2.mp4` for clips. Beside a photo the page describes, a text file of the same name (`why-1.txt`) holds its
 * alt text: what the photo shows, in one sentence.
 *
 * Photos (JPEG, any size) are cropped to the shape of their place (keeping the most interesting part), turned
 * upright, stripped of EXIF/GPS and written as AVIF + WebP at the widths the pages use. Clips are cropped and
 * scaled the same way, cut to at most 8 s, and written as silent WebM (VP9) + MP4 (H.264) loops with ffmpeg, their
 * first frame becoming the poster unless a photo for the poster is given. The alt texts go into
 * src/content/site.json and the sizes into src/content/media.json. Run `npm run build` (or `npm start`) afterwards.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { hasFfmpeg, run } from "./run-command.ts";

interface ManifestEntry {
  width: number;
  height: number;
  widths: number[];
}
type Manifest = Record<string, ManifestEntry>;

/** The looping videos of the pages: their file name, frame size and poster image (see make-media.ts). */
export const videoPlaces = {
  hero: { width: 1280, height: 720, poster: "hero-poster" },
  contact: { width: 480, height: 640, poster: "contact-poster" },
  "shop-1": { width: 480, height: 640, poster: "shop-1-poster" },
  "shop-2": { width: 480, height: 640, poster: "shop-2-poster" },
} as const;
type VideoPlace = keyof typeof videoPlaces;

const photoExtensions = new Set([".jpg", ".jpeg"]);
const clipExtensions = new Set([".mp4", ".mov", ".m4v", ".webm"]);
const maxClipSeconds = 8;
const fps = 24;

export interface ImportOptions {
  /** The folder of the school's files. */
  source: string;
  /** Where the pages' media live (public/media). */
  mediaDir: string;
  /** src/content/media.json */
  manifestFile: string;
  /** src/content/site.json */
  contentFile: string;
  /** The ffmpeg command, for clips. */
  ffmpeg?: string;
  log?: (line: string) => void;
}

export interface ImportResult {
  photos: string[];
  videos: string[];
}

export class ImportError extends Error {}

/** Every object in site.json that shows the named image and describes it (has an `alt`). */
function placesShowing(content: unknown, name: string): { alt: string }[] {
  const found: { alt: string }[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      const shows = ["name", "image", "placeholder"].some((key) => record[key] === name);
      if (shows && typeof record.alt === "string") found.push(record as { alt: string });
      Object.values(record).forEach(visit);
    }
  };
  visit(content);
  return found;
}

/** The photo as AVIF + WebP at each width of its place, cropped to the place's shape. */
async function writePhoto(input: Buffer | string, name: string, entry: ManifestEntry, mediaDir: string) {
  const meta = await sharp(input).metadata();
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  if (upright.width < (entry.widths.at(-1) ?? 0)) {
    console.warn(
      `${name}: ${upright.width} px wide, smaller than the ${entry.widths.at(-1)} px the page can show`,
    );
  }
  for (const width of entry.widths) {
    const height = Math.round((width * entry.height) / entry.width);
    // autoOrient turns it upright; sharp writes no metadata unless asked, so EXIF and GPS are left behind.
    const resized = sharp(input)
      .autoOrient()
      .resize(width, height, { fit: "cover", position: sharp.strategy.attention });
    const base = path.join(mediaDir, `${name}-${width}`);
    await resized.clone().avif({ quality: 55, effort: 4 }).toFile(`${base}.avif`);
    await resized.clone().webp({ quality: 75, effort: 5 }).toFile(`${base}.webp`);
  }
}

async function writeClip(file: string, video: VideoPlace, ffmpeg: string, mediaDir: string): Promise<Buffer> {
  const { width, height } = videoPlaces[video];
  const frame = `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height}`;
  const input = ["-y", "-hide_banner", "-loglevel", "error", "-i", file, "-t", String(maxClipSeconds)];
  const common = ["-an", "-vf", `${frame},fps=${fps},format=yuv420p`, "-map_metadata", "-1"];
  const out = path.join(mediaDir, video);
  await run(ffmpeg, [...input, "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "33", ...common, `${out}.webm`]);
  await run(ffmpeg, [
    ...input,
    ...["-c:v", "libx264", "-preset", "slow", "-crf", "24", "-profile:v", "high"],
    ...common,
    ...["-movflags", "+faststart", `${out}.mp4`],
  ]);
  const dir = mkdtempSync(path.join(os.tmpdir(), "media-import-"));
  try {
    const still = path.join(dir, "first.png");
    await run(ffmpeg, [
      "-y",
      "-hide_banner",
      "-loglevel",
      "error",
      "-i",
      file,
      "-frames:v",
      "1",
      "-vf",
      frame,
      still,
    ]);
    return readFileSync(still);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function importMedia(options: ImportOptions): Promise<ImportResult> {
  const { source, mediaDir, manifestFile, contentFile, ffmpeg = "ffmpeg", log = console.log } = options;
  if (!statSync(source, { throwIfNoEntry: false })?.isDirectory())
    throw new ImportError(`No folder at ${source}`);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const content = JSON.parse(readFileSync(contentFile, "utf8")) as unknown;

  const photos = new Map<string, string>();
  const clips = new Map<VideoPlace, string>();
  const altTexts = new Map<string, string>();
  const unknown: string[] = [];
  for (const entry of readdirSync(source).sort()) {
    const file = path.join(source, entry);
    if (!statSync(file).isFile() || entry.startsWith(".")) continue;
    const ext = path.extname(entry).toLowerCase();
    const name = path.basename(entry, path.extname(entry)).toLowerCase();
    if (ext === ".txt") altTexts.set(name, readFileSync(file, "utf8").trim().replace(/\s+/g, " "));
    else if (photoExtensions.has(ext) && name in manifest) photos.set(name, file);
    else if (clipExtensions.has(ext) && name in videoPlaces) clips.set(name as VideoPlace, file);
    else unknown.push(entry);
  }

  const problems: string[] = [];
  if (unknown.length > 0) {
    problems.push(
      `Not a place on the site: ${unknown.join(", ")}. Photos (.jpg) are named after one of ${Object.keys(manifest).join(", ")}; clips (.mp4, .mov, .m4v, .webm) after one of ${Object.keys(videoPlaces).join(", ")}.`,
    );
  }
  for (const name of photos.keys()) {
    if (placesShowing(content, name).length > 0 && !altTexts.get(name)) {
      problems.push(`${name}: add ${name}.txt with one sentence saying what the photo shows (its alt text).`);
    }
  }
  if (photos.size + clips.size === 0) problems.push(`No photos or clips in ${source}.`);
  if (clips.size > 0 && !hasFfmpeg(ffmpeg)) {
    problems.push(
      `ffmpeg is needed for the clips (${[...clips.values()].map((f) => path.basename(f)).join(", ")}) and was not found (looked for "${ffmpeg}"): install it (apt-get install ffmpeg, brew install ffmpeg) or set FFMPEG to its path. Nothing was imported.`,
    );
  }
  // Checked before anything is written, so a mistake never leaves the site half changed.
  if (problems.length > 0) throw new ImportError(problems.join("\n"));

  for (const [name, file] of photos) {
    const entry = manifest[name] as ManifestEntry;
    await writePhoto(file, name, entry, mediaDir);
    for (const place of placesShowing(content, name)) place.alt = altTexts.get(name) ?? place.alt;
    log(`photo ${name}: ${entry.widths.map((w) => `${w} px`).join(" + ")}, AVIF + WebP`);
  }
  for (const [video, file] of clips) {
    const firstFrame = await writeClip(file, video, ffmpeg, mediaDir);
    const poster = videoPlaces[video].poster;
    if (!photos.has(poster))
      await writePhoto(firstFrame, poster, manifest[poster] as ManifestEntry, mediaDir);
    log(
      `clip ${video}: WebM + MP4, at most ${maxClipSeconds} s${photos.has(poster) ? "" : `, poster ${poster}`}`,
    );
  }

  writeFileSync(contentFile, contentJson(content));
  writeFileSync(manifestFile, manifestJson(manifest));
  return { photos: [...photos.keys()], videos: [...clips.keys()] };
}

/** JSON as Biome formats it: 2 spaces, and a list of plain values on one line when it fits in 110 columns. */
function contentJson(value: unknown): string {
  const text = JSON.stringify(value, null, 2).replace(
    /^( *)("[^"\n]*": )?\[\n((?: *(?:"(?:[^"\\\n]|\\.)*"|-?[\d.]+|true|false|null),?\n)+) *\]/gm,
    (whole, indent: string, key: string | undefined, items: string) => {
      const line = `${indent}${key ?? ""}[${items
        .split("\n")
        .filter(Boolean)
        .map((item) => item.trim())
        .join(" ")}]`;
      return line.length + 1 <= 110 ? line : whole;
    },
  );
  return `${text}\n`;
}

/** The manifest in make-media.ts's layout: one line per image. */
function manifestJson(manifest: Manifest): string {
  const lines = Object.entries(manifest).map(
    ([name, e]) =>
      `  "${name}": { "width": ${e.width}, "height": ${e.height}, "widths": [${e.widths.join(", ")}] }`,
  );
  return `{\n${lines.join(",\n")}\n}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(import.meta.dirname, "..");
  const source = process.argv[2];
  if (!source) {
    console.error("Usage: npm run media:import -- <folder of photos and clips>");
    process.exit(2);
  }
  try {
    const result = await importMedia({
      source: path.resolve(source),
      mediaDir: path.join(root, "public/media"),
      manifestFile: path.join(root, "src/content/media.json"),
      contentFile: path.join(root, "src/content/site.json"),
      ffmpeg: process.env.FFMPEG || "ffmpeg",
    });
    console.log(
      `Imported ${result.photos.length} photos and ${result.videos.length} clips. Run npm run build (or npm start) to publish them.`,
    );
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
