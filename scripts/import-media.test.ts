import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ImportError, importMedia } from "./import-media.ts";

const root = path.resolve(import.meta.dirname, "..");

let dir: string;
let source: string;
let options: Parameters<typeof importMedia>[0];

/** A JPEG as a camera stores it: some size, an EXIF orientation; its left half red, its right half blue. */
async function photo(name: string, width: number, height: number, orientation = 1) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="#ff0000"/><rect x="${width / 2}" width="${width / 2}" height="${height}" fill="#0000ff"/></svg>`;
  await sharp(Buffer.from(svg))
    .jpeg({ quality: 80 })
    .withMetadata({ orientation })
    .toFile(path.join(source, name));
}

const site = () => JSON.parse(readFileSync(options.contentFile, "utf8"));

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "import-media-test-"));
  source = path.join(dir, "school-photos");
  mkdirSync(source);
  mkdirSync(path.join(dir, "media"));
  copyFileSync(path.join(root, "src/content/media.json"), path.join(dir, "media.json"));
  copyFileSync(path.join(root, "src/content/site.json"), path.join(dir, "site.json"));
  options = {
    source,
    mediaDir: path.join(dir, "media"),
    manifestFile: path.join(dir, "media.json"),
    contentFile: path.join(dir, "site.json"),
    ffmpeg: path.join(dir, "no-ffmpeg-here"),
    log: () => {},
  };
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run media:import", () => {
  it("writes every size and format the pages use, upright and cropped to each place, and the alt texts", async () => {
    // A portrait phone photo stored sideways (EXIF orientation 6), a small square one, a reel still.
    await photo("why-1.jpg", 1600, 1200, 6);
    writeFileSync(
      path.join(source, "why-1.txt"),
      "Maya, 4, kicking across the pool on a blue float board.\n",
    );
    await photo("team-2.JPEG", 200, 200);
    writeFileSync(path.join(source, "team-2.txt"), "Daniel Ortiz smiling at the edge of a pool.");
    await photo("reel-3.jpg", 1080, 1920);
    writeFileSync(path.join(source, "reel-3.txt"), "A mother floating her baby on his back.");
    const before = readFileSync(options.contentFile, "utf8");

    const result = await importMedia(options);
    expect(result).toEqual({ photos: ["reel-3", "team-2", "why-1"], videos: [] });

    const manifest = JSON.parse(readFileSync(options.manifestFile, "utf8"));
    for (const name of result.photos) {
      const { width, height, widths } = manifest[name];
      for (const w of widths) {
        for (const format of ["avif", "webp"] as const) {
          const file = path.join(options.mediaDir, `${name}-${w}.${format}`);
          const meta = await sharp(file).metadata();
          expect(meta.format === "heif" ? "avif" : meta.format).toBe(format);
          expect([meta.width, meta.height]).toEqual([w, Math.round((w * height) / width)]);
          expect(meta.exif).toBeUndefined();
        }
      }
    }
    expect(readdirSync(options.mediaDir)).toHaveLength(3 * 2 * 2);

    // The sideways photo was turned upright first: its stored left half (red) is now its top.
    const { data, info } = await sharp(path.join(options.mediaDir, "why-1-480.webp"))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const [topRed, , topBlue] = pixel(240, 20);
    const [bottomRed, , bottomBlue] = pixel(240, 340);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);

    const content = site();
    expect(content.home.why.photos[0]).toEqual({
      name: "why-1",
      alt: "Maya, 4, kicking across the pool on a blue float board.",
    });
    expect(content.team.members[1].alt).toBe("Daniel Ortiz smiling at the edge of a pool.");
    expect(content.reels[2].alt).toBe("A mother floating her baby on his back.");
    // Nothing else in the content changed, and the file keeps its layout (one line per change).
    const changed = readFileSync(options.contentFile, "utf8")
      .split("\n")
      .filter((line, i) => line !== before.split("\n")[i]);
    expect(changed).toHaveLength(3);
  });

  it("refuses a described photo without its alt text, and writes nothing", async () => {
    await photo("about-hero.jpg", 1280, 720);
    const before = readFileSync(options.contentFile, "utf8");
    await expect(importMedia(options)).rejects.toThrow(/about-hero: add about-hero\.txt/);
    expect(readdirSync(options.mediaDir)).toEqual([]);
    expect(readFileSync(options.contentFile, "utf8")).toBe(before);
  });

  it("names the files it does not know and the places it does", async () => {
    await photo("IMG_2041.jpg", 800, 600);
    const error = await importMedia(options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toMatch(/Not a place on the site: IMG_2041\.jpg\..*why-1.*carousel-10/);
  });

  it("says clearly that clips need ffmpeg when it is missing, and imports nothing", async () => {
    await photo("carousel-1.jpg", 900, 700);
    writeFileSync(path.join(source, "carousel-1.txt"), "Two sisters racing to the wall.");
    writeFileSync(path.join(source, "hero.mp4"), "not really a video");
    await expect(importMedia(options)).rejects.toThrow(
      /ffmpeg is needed for the clips \(hero\.mp4\) and was not found .*Nothing was imported\./,
    );
    expect(readdirSync(options.mediaDir)).toEqual([]);
    expect(existsSync(path.join(options.mediaDir, "hero.webm"))).toBe(false);
  });
});
