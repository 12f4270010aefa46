import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream, existsSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

/** Hashed build output (`/assets/name-<hash>.js`): its address changes whenever its content does. */
const ASSETS = '/assets/';

/**
 * Security headers that govern a document (what it may load, frame or open) and mean nothing on a
 * script, style sheet or image: the hashed assets go without them (about 1 KB less per file, and a
 * page loads a dozen). `X-Content-Type-Options: nosniff` and `Cross-Origin-Resource-Policy` stay:
 * they do protect subresources. The web client starts no workers (whose CSP would come from here).
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files: the browser asks again each time (cheap with the ETag). */
export const CACHE_REVALIDATE = 'no-cache';

/** The compressed copies the web build writes beside each text file (web/vite.config.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/**
 * The encodings an Accept-Encoding header allows, by weight (`br;q=0` refuses brotli, `*` stands
 * for any encoding not named). No header: none, the file as it is.
 */
export function acceptedEncodings(header: string | string[] | undefined): Map<Encoding, number> {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    if (Number.isFinite(weight)) weights.set(name, weight);
  }
  const accepted = new Map<Encoding, number>();
  for (const { name } of ENCODINGS) {
    const weight = weights.get(name) ?? weights.get('*') ?? 0;
    if (weight > 0) accepted.set(name, weight);
  }
  return accepted;
}

async function fileStats(path: string): Promise<Stats | null> {
  try {
    const found = await stat(path);
    return found.isFile() ? found : null;
  } catch {
    return null;
  }
}

function addVary(reply: FastifyReply, header: string) {
  const prior = reply.getHeader('vary');
  const list = prior === undefined ? '' : String(prior);
  if (list.split(',').some((h) => h.trim().toLowerCase() === header.toLowerCase() || h.trim() === '*')) return;
  reply.header('vary', list ? `${list}, ${header}` : header);
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t === etag || t === etag.slice(2));
}

/**
 * One file of the build, in the best encoding the browser accepts that the build made a copy in
 * (brotli, then gzip, else as it is); `Vary: Accept-Encoding` whenever there was a choice.
 */
async function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  file: string,
  stats: Stats,
  cacheControl: string,
): Promise<FastifyReply> {
  const copies: Array<{ name: Encoding; path: string; stats: Stats }> = [];
  for (const { name, suffix } of ENCODINGS) {
    const found = await fileStats(file + suffix);
    if (found) copies.push({ name, path: file + suffix, stats: found });
  }
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  // Highest weight first; between equals, the smaller encoding (brotli).
  const chosen = copies
    .filter((c) => accepted.has(c.name))
    .sort((a, b) => (accepted.get(b.name) ?? 0) - (accepted.get(a.name) ?? 0))[0];
  const body = chosen ?? { path: file, stats };

  reply
    .header('content-type', TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream')
    .header('cache-control', cacheControl);
  if (copies.length) addVary(reply, 'Accept-Encoding');
  if (chosen) reply.header('content-encoding', chosen.name);
  const etag = `W/"${body.stats.size.toString(16)}-${Math.floor(body.stats.mtimeMs).toString(16)}${chosen ? `-${chosen.name}` : ''}"`;
  reply.header('etag', etag).header('last-modified', body.stats.mtime.toUTCString());
  if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.header('content-length', body.stats.size);
  return reply.send(createReadStream(body.path));
}

/**
 * Serves the built web client on the same origin as the API: hashed assets cached for a year
 * (immutable), index.html for every other page path so that client-side routes load (never cached
 * without asking), each in the pre-compressed copy the browser accepts.
 */
export async function registerWebClient(fastify: FastifyInstance, root: string): Promise<void> {
  const index = join(root, 'index.html');
  if (!existsSync(index)) {
    throw new Error(`WEB_DIST=${root} has no index.html: build the web client first (npm run build)`);
  }
  fastify.get('/*', async (req, reply) => {
    let path: string;
    try {
      path = decodeURIComponent(req.url.split('?')[0]);
    } catch {
      return reply.code(400).send({ detail: 'The address is not valid' });
    }
    if (path.includes('\0')) return reply.code(400).send({ detail: 'The address is not valid' });
    const file = normalize(join(root, path));
    const stats = file.startsWith(root + sep) ? await fileStats(file) : null;
    if (stats && path.startsWith(ASSETS)) {
      // Helmet sets them on the raw response, before the handler.
      for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
      return sendFile(req, reply, file, stats, CACHE_IMMUTABLE);
    }
    if (stats) return sendFile(req, reply, file, stats, CACHE_REVALIDATE);
    // A missing chunk (an old page after a release) must fail as a script, not load the HTML page.
    if (path.startsWith(ASSETS)) return reply.code(404).send({ detail: 'Not found' });
    const page = await fileStats(index);
    if (!page) return reply.code(503).send({ detail: 'The web client is not built' });
    return sendFile(req, reply, index, page, CACHE_REVALIDATE);
  });
}
