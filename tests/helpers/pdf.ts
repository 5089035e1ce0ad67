// The text of a PDF that pdfkit wrote, for tests: each embedded font's ToUnicode map decodes the
// glyphs of its TJ operators, in drawing order, one line per TJ.
import { inflateSync } from 'node:zlib';

/** The text a PDF shows, decoded through each embedded font's ToUnicode map. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, string>();
  // Streams are read by their /Length: compressed bytes may contain "endobj" or "endstream".
  const starts = /(\d+) 0 obj\s*/g;
  let start: RegExpExecArray | null;
  while ((start = starts.exec(raw)) !== null) {
    const from = start.index + start[0].length;
    const end = raw.indexOf('endobj', from);
    const streamAt = raw.indexOf('stream', from);
    let body: string;
    if (streamAt !== -1 && streamAt < end) {
      const dictionary = raw.slice(from, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
      const dataStart = streamAt + (raw.startsWith('stream\r\n', streamAt) ? 8 : 7);
      const data = raw.slice(dataStart, dataStart + length);
      const decoded = dictionary.includes('/FlateDecode')
        ? inflateSync(Buffer.from(data, 'latin1')).toString('latin1')
        : data;
      body = dictionary + decoded;
      starts.lastIndex = raw.indexOf('endobj', dataStart + length) + 6;
    } else {
      body = raw.slice(from, end);
      starts.lastIndex = end + 6;
    }
    objects.set(start[1] ?? '', body);
  }
  const cmaps = new Map<string, Map<number, string>>();
  const fontCmap = (fontObject: string) => {
    const cached = cmaps.get(fontObject);
    if (cached) return cached;
    const map = new Map<number, string>();
    const ref = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontObject) ?? '')?.[1];
    const cmap = objects.get(ref ?? '') ?? '';
    for (const range of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      const start = parseInt(range[1] ?? '0', 16);
      // A target may be several UTF-16 units: a ligature such as ffi is <0066 0066 0069>.
      const targets = [...(range[3] ?? '').matchAll(/<([0-9a-f\s]+)>/gi)];
      targets.forEach((target, index) =>
        map.set(
          start + index,
          String.fromCharCode(
            ...(target[1] ?? '').split(/\s+/).map((unit) => parseInt(unit || '0', 16)),
          ),
        ),
      );
    }
    cmaps.set(fontObject, map);
    return map;
  };
  const fontRefs = new Map<string, string>();
  for (const [, body] of objects) {
    for (const ref of body.matchAll(/\/(F\d+) (\d+) 0 R/g))
      fontRefs.set(ref[1] ?? '', ref[2] ?? '');
  }
  let text = '';
  for (const [, body] of objects) {
    let font = '';
    for (const token of body.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (token[1]) {
        font = fontRefs.get(token[1]) ?? '';
        continue;
      }
      const map = fontCmap(font);
      for (const hex of (token[2] ?? '').matchAll(/<([0-9a-f]+)>/gi)) {
        const digits = hex[1] ?? '';
        for (let index = 0; index < digits.length; index += 4) {
          text += map.get(parseInt(digits.slice(index, index + 4), 16)) ?? '?';
        }
      }
      text += '\n';
    }
  }
  return text;
}
