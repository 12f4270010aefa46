import type { INestApplication } from '@nestjs/common';
import { infra } from '@sixa/testing';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { loadConfig } from '../src/config';
import { startGateway } from '../src/main';
import { DOCUMENT_ONLY_HEADERS } from '../src/web-client';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request as a browser sends it, with the body exactly as it crossed the wire (not decompressed). */
function raw(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/app-3f9a1c.js"></script></head></html>\n';
const SCRIPT = `export const screens = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `screen ${i}`))};\n`;
const STYLE = 'body{margin:0}\n';

/** A build output as the web build writes it: hashed assets with .br and .gz copies; a CSS file without. */
function writeBuild(dir: string) {
  mkdirSync(join(dir, 'assets'));
  const write = (name: string, content: string, copies = true) => {
    writeFileSync(join(dir, name), content);
    if (!copies) return;
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(content));
  };
  write('index.html', INDEX);
  write('assets/app-3f9a1c.js', SCRIPT);
  write('assets/app-3f9a1c.css', STYLE, false);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
}

describe('Web client served by the gateway', () => {
  let dist: string;
  let gateway: INestApplication;
  let base: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'sixa-web-dist-'));
    writeBuild(dist);
    const config = loadConfig({
      KAFKA_BROKERS: infra().brokers.join(','),
      KAFKA_NAMESPACE: infra().namespace,
      LOG_LEVEL: 'warn',
    });
    const g = await startGateway({ ...config, port: 0, webDist: dist });
    gateway = g.app;
    base = g.url;
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a hashed script in brotli when the browser accepts it, cached for a year', async () => {
    const res = await raw(base, '/assets/app-3f9a1c.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(SCRIPT));
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it("sends a hashed asset without a document's security headers, keeping those that protect a subresource", async () => {
    const script = await raw(base, '/assets/app-3f9a1c.js', { 'accept-encoding': 'br' });
    for (const name of DOCUMENT_ONLY_HEADERS) expect([name, script.headers[name]]).toEqual([name, undefined]);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    // The page itself keeps every one of them.
    const page = await raw(base, '/login', { 'accept-encoding': 'br' });
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['strict-transport-security']).toBeTruthy();
  });

  it('sends gzip to a browser that takes gzip only, or refuses brotli by weight', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const res = await raw(base, '/assets/app-3f9a1c.js', { 'accept-encoding': accept });
      expect({ accept, encoding: res.headers['content-encoding'] }).toEqual({ accept, encoding: 'gzip' });
      expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
    }
  });

  it('sends the file as it is when no encoding is accepted', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const res = await raw(base, '/assets/app-3f9a1c.js', headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString()).toBe(SCRIPT);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
    }
  });

  it('sends a hashed file the build did not compress as it is, still cached for a year', async () => {
    const res = await raw(base, '/assets/app-3f9a1c.css', { 'accept-encoding': 'br, gzip' });

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.toString()).toBe(STYLE);
  });

  it.each(['/', '/login', '/leads', '/quote/abc', '/index.html'])(
    'answers the page %s with index.html, compressed and never cached without asking',
    async (path) => {
      const res = await raw(base, path, { 'accept-encoding': 'br, gzip' });

      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.body).toString()).toBe(INDEX);
    },
  );

  it('serves an unhashed file at the root with no-cache', async () => {
    const res = await raw(base, '/favicon.svg');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers 304 to a browser that has the same copy (ETag)', async () => {
    const first = await raw(base, '/leads', { 'accept-encoding': 'br' });
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await raw(base, '/leads', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // Another encoding is another representation: not the same copy.
    const gzip = await raw(base, '/leads', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzip.status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await raw(base, '/assets/app-3f9a1c.js', { 'accept-encoding': 'br' }, 'HEAD');

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBe(0);
  });

  it('answers a missing asset 404 with a detail, not with the HTML page', async () => {
    const res = await raw(base, '/assets/app-0ld0ld.js', { 'accept-encoding': 'br' });

    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body.toString())).toEqual({ detail: 'Not found' });
  });

  it('answers a malformed address 400, never 500', async () => {
    // Undecodable escapes are refused by the router before the web client sees them.
    for (const path of ['/%E0%A4%A', '/assets/%zz.js']) {
      const res = await raw(base, path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.body.toString()).not.toMatch(/\bat \//);
    }
    const nul = await raw(base, '/a%00b');
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body.toString())).toEqual({ detail: 'The address is not valid' });
  });

  it('serves nothing outside the build folder', async () => {
    for (const path of [
      '/assets/..%2f..%2fetc%2fpasswd',
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/hostname',
    ]) {
      const res = await raw(base, path);
      expect([200, 404]).toContain(res.status);
      if (res.status === 200) expect(res.body.toString()).toBe(INDEX);
    }
  });
});
