import type { INestApplication } from '@nestjs/common';
import { http } from '@sixa/testing';
import { request } from 'node:http';
import { EMPLOYEE, login } from '../../services/auth/test/factories';
import { startCrm } from '../../services/crm/test/factories';
import { loadConfig } from '../src/config';
import { startGateway } from '../src/main';

const MB = 1024 * 1024;

let n = 0;
/** A lead import file: the header and one line per row, with addresses no other test uses. */
function leadsCsv(rows: Array<Partial<Record<'name' | 'email' | 'company' | 'source', string>>>): string {
  const lines = rows.map((r) => {
    n++;
    const row = {
      name: `Imported ${n}`,
      email: `imported${n}.${Date.now()}@import-${n}.com`,
      company: `Import ${n}`,
      source: 'Website',
      ...r,
    };
    return [row.name, row.email, row.company, row.source].join(',');
  });
  return ['name,email,company,source', ...lines].join('\r\n') + '\r\n';
}

/** A body of `bytes` bytes of valid JSON (one long string field). */
const jsonOfSize = (bytes: number) => JSON.stringify({ name: 'x'.repeat(bytes - 12) });

/**
 * Sends a body in chunks with no Content-Length (Transfer-Encoding: chunked), up to `maxBytes`, and
 * resolves with the answer, which may come before the whole body has been sent.
 */
function sendChunked(
  url: string,
  opts: { token: string; contentType: string; chunk: Buffer; maxBytes: number },
): Promise<{ status: number; body: unknown; sent: number }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request({
      hostname,
      port,
      path: pathname,
      method: 'POST',
      headers: { authorization: `Bearer ${opts.token}`, 'content-type': opts.contentType },
    });
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), sent }));
    });
    // The gateway may close the connection once it has answered: that ends the upload, not the test.
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    const pump = () => {
      while (!answered && sent < opts.maxBytes) {
        sent += opts.chunk.length;
        if (!req.write(opts.chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('gateway: request bodies pass through to the services', () => {
  let crm: Awaited<ReturnType<typeof startCrm>>;
  let gateway: INestApplication;
  let api: string;
  let token: string;

  beforeAll(async () => {
    crm = await startCrm();
    const config = loadConfig({
      AUTH_SERVICE_URL: crm.auth.url,
      CRM_SERVICE_URL: crm.url,
      KAFKA_BROKERS: crm.config.kafkaBrokers.join(','),
      KAFKA_NAMESPACE: crm.config.kafkaNamespace,
      LOG_LEVEL: 'error',
    });
    const g = await startGateway({ ...config, port: 0 });
    gateway = g.app;
    api = `${g.url}/api`;
    token = await login(api, EMPLOYEE);
  });
  afterAll(async () => {
    await gateway?.close();
    await crm?.stop();
  });

  it('imports a CSV file sent as text/csv (200 with the count), and the leads are listed', async () => {
    const csv = leadsCsv([{}, {}, {}]);
    const res = await http(api, 'POST', '/leads/import', {
      token,
      rawBody: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res).toMatchObject({ status: 200, body: { imported: 3, rejected: [] } });
    const email = csv.split('\r\n')[2].split(',')[1];
    const listed = await http(api, 'GET', `/leads?q=${encodeURIComponent(email)}`, { token });
    expect(listed.body.map((l: { email: string }) => l.email)).toEqual([email]);
  });

  it('answers the per-row report for a file with a bad row, and imports none of its rows', async () => {
    const csv = leadsCsv([{}, { email: 'not-an-email' }, {}]);
    const res = await http(api, 'POST', '/leads/import', {
      token,
      rawBody: csv,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 0, rejected: [{ row: 3, reason: 'e-mail must be a valid e-mail address' }] });
    const first = csv.split('\r\n')[1].split(',')[1];
    expect((await http(api, 'GET', `/leads?q=${encodeURIComponent(first)}`, { token })).body).toEqual([]);
  });

  it('refuses a 20 MB JSON body with 413 and a detail, at the gateway', async () => {
    const res = await http(api, 'POST', '/leads', { token, rawBody: jsonOfSize(20 * MB) });
    expect(res.status).toBe(413);
    // The gateway's own words (the service would not name the limit).
    expect(res.body).toEqual({ detail: 'Request body is too large: at most 1 MB' });
  });

  it('checks the body limit before the token (413 also without one)', async () => {
    const res = await http(api, 'POST', '/leads', { rawBody: jsonOfSize(2 * MB) });
    expect(res).toMatchObject({ status: 413, body: { detail: expect.stringMatching(/too large/) } });
  });

  it('allows the lead import more than other routes, and refuses a file over its own limit', async () => {
    // 2 MB: over the default limit, under the import limit; the service reads it (and rejects the row).
    const big = `name,email,company,source,notes\r\nBig,big.${Date.now()}@big.com,Big,Website,${'x'.repeat(2 * MB)}\r\n`;
    const passed = await http(api, 'POST', '/leads/import', {
      token,
      rawBody: big,
      headers: { 'content-type': 'text/csv' },
    });
    expect(passed.status).toBe(200);
    expect(passed.body).toMatchObject({ imported: 0, rejected: [{ row: 2, reason: expect.stringMatching(/notes/) }] });

    const tooBig = await http(api, 'POST', '/leads/import', {
      token,
      rawBody: 'x'.repeat(6 * MB),
      headers: { 'content-type': 'text/csv' },
    });
    expect(tooBig).toEqual(
      expect.objectContaining({ status: 413, body: { detail: 'Request body is too large: at most 5 MB' } }),
    );
  });

  it('aborts a chunked body (no Content-Length) with 413 once it passes the limit', async () => {
    const res = await sendChunked(`${api}/leads`, {
      token,
      contentType: 'application/json',
      chunk: Buffer.alloc(64 * 1024, 'x'),
      maxBytes: 8 * MB,
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'Request body is too large: at most 1 MB' });
    // Answered soon after the limit, not after the whole upload.
    expect(res.sent).toBeLessThan(8 * MB);
  });

  it('streams a chunked body under the limit through to the service', async () => {
    const csv = leadsCsv([{}, {}]);
    const res = await sendChunked(`${api}/leads/import`, {
      token,
      contentType: 'text/csv',
      chunk: Buffer.from(csv),
      maxBytes: 1,
    });
    expect(res).toMatchObject({ status: 200, body: { imported: 2, rejected: [] } });
  });

  it('keeps serving after a client drops the connection halfway through a body', async () => {
    const { hostname, port, pathname } = new URL(`${api}/leads/import`);
    await new Promise<void>((resolve) => {
      const req = request({
        hostname,
        port,
        path: pathname,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', 'content-length': '100000' },
      });
      req.on('error', () => resolve());
      req.write('name,email,company,source\r\nHalf,half@');
      setTimeout(() => (req.destroy(), resolve()), 300);
    });
    const res = await http(api, 'POST', '/leads/import', {
      token,
      rawBody: leadsCsv([{}]),
      headers: { 'content-type': 'text/csv' },
    });
    expect(res).toMatchObject({ status: 200, body: { imported: 1 } });
  });

  it("answers malformed JSON with the service's 400 and a detail", async () => {
    const res = await http(api, 'POST', '/leads', { token, rawBody: '{"name": "Ada", ' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['detail']);
    expect(res.body.detail).toMatch(/JSON/);
  });

  it('passes any content type through: the service decides', async () => {
    // The crm service reads form bodies itself (and finds the lead incomplete)...
    const form = await http(api, 'POST', '/leads', {
      token,
      rawBody: 'name=Ada',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
    expect(form.body).toEqual({ detail: expect.stringMatching(/e-mail is required/), errors: expect.any(Array) });

    // ...and refuses a type it has no reader for, with its own detail.
    const xml = await http(api, 'POST', '/leads', {
      token,
      rawBody: '<lead><name>Ada</name></lead>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml).toMatchObject({ status: 415, body: { detail: expect.any(String) } });
  });

  it('answers a malformed Content-Type header with 415 and a detail, not a 5xx', async () => {
    const res = await http(api, 'POST', '/leads', { token, rawBody: '{}', headers: { 'content-type': 'not a type' } });
    expect(res.status).toBe(415);
    expect(Object.keys(res.body)).toEqual(['detail']);
  });

  it('answers an address that does not decode (a broken %-escape) with 400 and a detail', async () => {
    const res = await http(api, 'GET', '/leads/%E0%A4%A', { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: expect.stringContaining('/api/leads/%E0%A4%A') });
  });

  it('answers a GET that carries a body without a 5xx', async () => {
    const { hostname, port, pathname } = new URL(`${api}/leads`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          hostname,
          port,
          path: pathname,
          method: 'GET',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('{"a": 1}');
    });
    expect(status).toBeLessThan(500);
  });
});
