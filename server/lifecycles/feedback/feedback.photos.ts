// Feedback images: recognised by their bytes, re-encoded without metadata, given a safe display
// name. Where the bytes are kept is the attachment store's business (server/platform/attachments/).
import path from 'node:path';
import { ATTACHMENT_EXTENSIONS, type AttachmentType } from '@server/platform/attachments/index.js';

export type ImageMimeType = AttachmentType;

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
  // Loaded on the first upload, so an idle server does not hold libvips and its caches.
  const { default: sharp } = await import('sharp');
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  if (type === 'image/jpeg') return image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  if (type === 'image/png') return image.png({ compressionLevel: 9 }).toBuffer();
  return image.webp({ quality: 85 }).toBuffer();
}

/** The uploaded name, made safe to show: no folders, no control characters, at most 200 chars. */
export function cleanFilename(name: string | undefined, type: ImageMimeType): string {
  const base = path.basename((name ?? '').replace(/\\/g, '/'));
  const cleaned = [...base]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || `attachment.${ATTACHMENT_EXTENSIONS[type]}`;
}
