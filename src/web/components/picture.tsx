import { preload } from "react-dom";
import media from "../../content/media.json";

export type MediaName = keyof typeof media;

/** A media name read from content (site.json): checked against the manifest, so a typo fails the prerender. */
export function mediaName(name: string): MediaName {
  if (!(name in media)) throw new Error(`No image named "${name}" in src/content/media.json`);
  return name as MediaName;
}

interface PictureProps {
  name: MediaName;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Above the fold: fetched first, never lazy. */
  priority?: boolean;
  className?: string;
}

const srcSet = (name: MediaName, widths: readonly number[], format: "avif" | "webp") =>
  widths.map((width) => `/media/${name}-${width}.${format} ${width}w`).join(", ");

/**
 * One image of the media manifest as AVIF with a WebP fallback. Its width and height come from the manifest, so
 * the browser reserves its box before it loads (no layout shift).
 */
export function Picture({ name, alt, sizes, priority = false, className }: PictureProps) {
  const { width, height, widths } = media[name];
  const avifSrcSet = srcSet(name, widths, "avif");
  // The page's largest paint: asked for from the <head> (the prerenderer moves React's preload tag there), before
  // the inline stylesheet and the header are even read. Same srcset and sizes as the AVIF source, so one download.
  if (priority) {
    preload(`/media/${name}-${widths[0]}.avif`, {
      as: "image",
      type: "image/avif",
      imageSrcSet: avifSrcSet,
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(name, widths, "webp")} sizes={sizes} />
      <img
        className={className}
        src={`/media/${name}-${widths[0]}.webp`}
        width={width}
        height={height}
        alt={alt}
        decoding="async"
        {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
      />
    </picture>
  );
}
