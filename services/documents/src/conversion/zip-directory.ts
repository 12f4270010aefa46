import { inflateRawSync } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;

interface ZipEntry {
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/**
 * The table of contents of a zip package (docx and xlsx are zip packages), read from its central
 * directory without unpacking anything: enough to tell a real docx or xlsx from a file that only
 * says it is one, and to read a small part when needed.
 */
export class ZipDirectory {
  private constructor(
    private readonly bytes: Buffer,
    private readonly entries: Map<string, ZipEntry>,
  ) {}

  /** The package's directory, or null when the bytes are not a well-formed zip. */
  static read(bytes: Buffer): ZipDirectory | null {
    if (bytes.length < 22 || bytes.readUInt32LE(0) !== LOCAL_HEADER) return null;
    const end = findEndOfDirectory(bytes);
    if (end < 0) return null;
    let count = bytes.readUInt16LE(end + 10);
    let offset = bytes.readUInt32LE(end + 16);
    if (count === 0xffff || offset === 0xffffffff) {
      const locator = end - 20;
      if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_LOCATOR) return null;
      const zip64End = Number(bytes.readBigUInt64LE(locator + 8));
      if (zip64End + 56 > bytes.length || bytes.readUInt32LE(zip64End) !== ZIP64_END) return null;
      count = Number(bytes.readBigUInt64LE(zip64End + 32));
      offset = Number(bytes.readBigUInt64LE(zip64End + 48));
    }
    const entries = new Map<string, ZipEntry>();
    let p = offset;
    for (let i = 0; i < count; i++) {
      if (p + 46 > bytes.length || bytes.readUInt32LE(p) !== CENTRAL_HEADER) return null;
      const nameLength = bytes.readUInt16LE(p + 28);
      const extraLength = bytes.readUInt16LE(p + 30);
      const commentLength = bytes.readUInt16LE(p + 32);
      if (p + 46 + nameLength > bytes.length) return null;
      entries.set(bytes.toString('utf8', p + 46, p + 46 + nameLength), {
        method: bytes.readUInt16LE(p + 10),
        compressedSize: bytes.readUInt32LE(p + 20),
        size: bytes.readUInt32LE(p + 24),
        localOffset: bytes.readUInt32LE(p + 42),
      });
      p += 46 + nameLength + extraLength + commentLength;
    }
    return new ZipDirectory(bytes, entries);
  }

  get names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** A part's text (stored or deflated), or null when it is missing, larger than `maxBytes`, or unreadable. */
  text(name: string, maxBytes = 4 * 1024 * 1024): string | null {
    const entry = this.entries.get(name);
    if (!entry || entry.size > maxBytes || entry.compressedSize === 0xffffffff) return null;
    const p = entry.localOffset;
    if (p + 30 > this.bytes.length || this.bytes.readUInt32LE(p) !== LOCAL_HEADER) return null;
    const start = p + 30 + this.bytes.readUInt16LE(p + 26) + this.bytes.readUInt16LE(p + 28);
    const data = this.bytes.subarray(start, start + entry.compressedSize);
    try {
      if (entry.method === 0) return data.toString('utf8');
      if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: maxBytes }).toString('utf8');
    } catch {
      return null;
    }
    return null;
  }
}

/** The end-of-central-directory record: in the last 22 bytes, or before a comment of up to 64 KiB. */
function findEndOfDirectory(bytes: Buffer): number {
  const last = bytes.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let i = last; i >= first; i--) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) return i;
  }
  return -1;
}
