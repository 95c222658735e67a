import sharp from "sharp";
import { maxUploadPixels, storedLongSide, thumbnailLongSide } from "../../domain/media.ts";
import { mediaMessages } from "../../domain/messages.ts";
import { AppError, appError } from "../http/errors.ts";

export interface StoredPictures {
  /** JPEG, upright, without metadata, long side at most `storedLongSide`. */
  full: Buffer;
  /** JPEG, long side at most `thumbnailLongSide`, for the grids. */
  thumbnail: Buffer;
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpegSignature = [0xff, 0xd8, 0xff];

/** What the bytes are, by their signature: the name and the browser's type are the sender's word, not proof. */
export function sniffPicture(bytes: Uint8Array): "png" | "jpeg" | null {
  const startsWith = (signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (startsWith(pngSignature)) return "png";
  if (startsWith(jpegSignature)) return "jpeg";
  return null;
}

const notAnImage = () => appError("not-an-image", 415, mediaMessages.notAnImage, { field: "file" });
const tooManyPixels = () => appError("image-too-large", 422, mediaMessages.tooManyPixels, { field: "file" });

/**
 * Checks an uploaded picture and re-encodes it: PNG or JPEG by content, at most `maxUploadPixels` (a small file
 * may claim a huge picture: sharp refuses it from the header, before decoding), then turned upright, stripped
 * of EXIF/GPS and every other metadata (sharp keeps none unless asked), flattened on white, capped and saved as
 * JPEG, with a thumbnail made from the result.
 */
export async function storedPicturesOf(bytes: Uint8Array): Promise<StoredPictures> {
  const sniffed = sniffPicture(bytes);
  if (!sniffed) throw notAnImage();
  const options = { limitInputPixels: maxUploadPixels };
  try {
    const { format, width, height } = await sharp(bytes, options).metadata();
    if (format !== sniffed || !width || !height) throw notAnImage();
    if (width * height > maxUploadPixels) throw tooManyPixels();

    const full = await sharp(bytes, options)
      .rotate()
      .flatten({ background: "#ffffff" })
      .resize({ width: storedLongSide, height: storedLongSide, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    const thumbnail = await sharp(full)
      .resize({
        width: thumbnailLongSide,
        height: thumbnailLongSide,
        fit: "inside",
        withoutEnlargement: true,
      })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    return { full, thumbnail };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    if (error instanceof AppError) throw error;
    // sharp could not read it (truncated, corrupt): not a picture we can keep.
    throw notAnImage();
  }
}
