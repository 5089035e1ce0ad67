// Feedback images: recognised by their bytes, re-encoded without metadata, stored under
// DATA_DIR/uploads with a name the server chooses.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export type ImageMimeType = 'image/jpeg' | 'image/png' | 'image/webp';

const EXTENSIONS: Record<ImageMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The image type from the first bytes of the file; null for anything else. */
export function detectImageType(bytes: Buffer): ImageMimeType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** Pixel budget for decoding: a 5 MB PNG can otherwise expand into gigabytes (decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Decodes and re-encodes the image in its own format. sharp writes no metadata unless asked, so
 * EXIF (GPS position, camera serial), XMP and ICC comments are gone; the EXIF orientation is
 * applied to the pixels first so the photo stays upright. Throws when the bytes do not decode.
 */
export async function reencodeImage(bytes: Buffer, type: ImageMimeType): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  if (type === 'image/jpeg') return image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  if (type === 'image/png') return image.png({ compressionLevel: 9 }).toBuffer();
  return image.webp({ quality: 85 }).toBuffer();
}

const STORAGE_NAME = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

function storagePath(dataDir: string, storageName: string): string {
  // Names come from our own database, but never let one point outside the uploads folder.
  if (!STORAGE_NAME.test(storageName)) throw new Error(`Bad attachment name: ${storageName}`);
  return path.join(uploadsDir(dataDir), storageName);
}

/** Writes the bytes under a fresh random name and returns that name. */
export async function storeAttachment(
  dataDir: string,
  bytes: Buffer,
  type: ImageMimeType,
): Promise<string> {
  await mkdir(uploadsDir(dataDir), { recursive: true, mode: 0o700 });
  const storageName = `${randomUUID()}.${EXTENSIONS[type]}`;
  await writeFile(storagePath(dataDir, storageName), bytes, { mode: 0o600, flag: 'wx' });
  return storageName;
}

export async function readAttachment(dataDir: string, storageName: string): Promise<Buffer> {
  return readFile(storagePath(dataDir, storageName));
}

/** Best effort: a file that is already gone is fine. */
export async function deleteAttachmentFile(dataDir: string, storageName: string): Promise<void> {
  try {
    await rm(storagePath(dataDir, storageName), { force: true });
  } catch {
    // An invalid name has no file to delete.
  }
}

/** The uploaded name, made safe to show: no folders, no control characters, at most 200 chars. */
export function cleanFilename(name: string | undefined, type: ImageMimeType): string {
  const base = path.basename((name ?? '').replace(/\\/g, '/'));
  const cleaned = [...base]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || `attachment.${EXTENSIONS[type]}`;
}
