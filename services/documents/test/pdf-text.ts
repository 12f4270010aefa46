import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A word of a PDF page as poppler reads it: its text and its box, in points from the page's top left. */
export interface PdfWord {
  text: string;
  left: number;
  right: number;
  top: number;
  height: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

async function withFile<T>(pdf: Buffer, read: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'sixa-pdf-text-'));
  try {
    const path = join(dir, 'document.pdf');
    await writeFile(path, pdf);
    return await read(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The lines of page `page` as a reader sees them (pdftotext -layout: a table row stays one line). */
export function pageLines(pdf: Buffer, page = 1): Promise<string[]> {
  return withFile(pdf, async (path) => {
    const { stdout } = await run('pdftotext', ['-layout', '-f', String(page), '-l', String(page), path, '-']);
    return stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  });
}

/** The words of page `page` with their boxes (pdftotext -bbox), in reading order. */
export function pageWords(pdf: Buffer, page = 1): Promise<PdfWord[]> {
  return withFile(pdf, async (path) => {
    const { stdout } = await run('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), path, '-']);
    const words: PdfWord[] = [];
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
    for (const m of stdout.matchAll(word)) {
      words.push({
        text: m[5].replace(/&(\w+);/g, (all, e: string) => ENTITIES[e] ?? all),
        left: Number(m[1]),
        right: Number(m[3]),
        top: Number(m[2]),
        height: Number(m[4]) - Number(m[2]),
      });
    }
    return words;
  });
}

/** The first word of page 1 whose text is `text` (a test fails clearly when it is not there). */
export function wordOf(words: PdfWord[], text: string, after = -Infinity): PdfWord {
  const found = words.find((w) => w.text === text && w.top > after);
  if (!found) throw new Error(`"${text}" is not on the page: ${words.map((w) => w.text).join(' ')}`);
  return found;
}
