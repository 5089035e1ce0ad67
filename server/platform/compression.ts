// How answers are compressed: the settings of @fastify/compress, and the same compression for an
// answer kept in memory already compressed (server/platform/read-cache.ts), so both send the same bytes.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyCompressOptions } from '@fastify/compress';

export type Encoding = 'br' | 'gzip';

/** Smaller answers are not worth it: the headers alone are about half a kilobyte. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** br at quality 4, the library's advice: quality 11 costs milliseconds an answer. */
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 4 };

export const compressOptions: FastifyCompressOptions = {
  globalCompression: true,
  // Request bodies are never inflated: a compressed body is refused, not unpacked.
  globalDecompression: false,
  threshold: COMPRESSION_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: BROTLI_PARAMS },
  // The library's text types, and the contract's YAML (216 kB); never images, PDFs or binary.
  customTypes: /^text\/(?!event-stream)|(?:\+|\/)(?:json|xml|yaml)(?:;|$)/u,
};

const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });

/** The encoding to answer `Accept-Encoding` with, or null for none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  return acceptEncoding ? negotiator.negotiate(acceptEncoding) : null;
}

export function compress(encoding: Encoding, text: string): Buffer {
  return encoding === 'br' ? brotliCompressSync(text, { params: BROTLI_PARAMS }) : gzipSync(text);
}
