import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkWebhook, isPrivateAddress, parseResolveOverrides, postPinned } from './guard';

describe('webhook guard', () => {
  it.each([
    '127.0.0.1',
    '10.2.3.4',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::7f00:1',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    '224.0.0.251',
    'ff02::1',
    '255.255.255.255',
    '100.100.100.200',
    'fd00:ec2::254',
    '[::1]',
  ])('treats %s as private', (a) => expect(isPrivateAddress(a)).toBe(true));
  it.each(['8.8.8.8', '172.32.0.1', '2606:4700::1111'])('treats %s as public', (a) =>
    expect(isPrivateAddress(a)).toBe(false),
  );

  const closed = { allowPrivate: false, allowHosts: [] };
  it.each([
    'http://0x7f000001/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://169.254.169.254/latest/meta-data',
    'http://[fd00:ec2::254]/',
    'http://[::]/',
  ])('refuses %s in whatever notation (the URL parser reads it as the address it is)', async (url) => {
    await expect(checkWebhook(url, closed)).rejects.toThrow(/refused/);
  });

  it('checks a fixed answer for a name like any other, and refuses a name resolving to 10.0.0.1', async () => {
    const policy = {
      ...closed,
      resolveOverrides: parseResolveOverrides(['intranet.example=10.0.0.1', 'ok.example=8.8.4.4']),
    };
    await expect(checkWebhook('http://intranet.example/hook', policy)).rejects.toThrow(/resolves to 10\.0\.0\.1/);
    await expect(checkWebhook('http://ok.example/hook', policy)).resolves.toMatchObject({ address: '8.8.4.4' });
    expect(() => parseResolveOverrides(['nonsense'])).toThrow(/name=address/);
  });

  it('refuses loopback, link-local and names resolving to them; allows them by configuration', async () => {
    await expect(checkWebhook('http://127.0.0.1/x', closed)).rejects.toThrow(/refused/);
    await expect(checkWebhook('http://169.254.169.254/latest', closed)).rejects.toThrow(/refused/);
    await expect(checkWebhook('http://localhost:8080/', closed)).rejects.toThrow(/resolves to/);
    await expect(checkWebhook('http://[::1]/', closed)).rejects.toThrow(/refused/);
    await expect(checkWebhook('ftp://example.com/', closed)).rejects.toThrow(/http or https/);
    await expect(checkWebhook('http://127.0.0.1/x', { allowPrivate: true, allowHosts: [] })).resolves.toMatchObject({
      host: '127.0.0.1',
    });
    await expect(
      checkWebhook('http://localhost/x', { allowPrivate: false, allowHosts: ['localhost'] }),
    ).resolves.toMatchObject({ host: 'localhost' });
  });

  it('returns the address it checked', async () => {
    await expect(checkWebhook('https://8.8.8.8:8443/hook?x=1', closed)).resolves.toMatchObject({
      host: '8.8.8.8',
      address: '8.8.8.8',
      family: 4,
    });
    await expect(checkWebhook('http://[2606:4700::1111]/', closed)).resolves.toMatchObject({
      address: '2606:4700::1111',
      family: 6,
    });
    const local = await checkWebhook('http://localhost:9/x', { allowPrivate: false, allowHosts: ['localhost'] });
    expect(['127.0.0.1', '::1']).toContain(local.address);
    await expect(checkWebhook('http://localhost:9/x', closed)).rejects.toThrow(/resolves to/);
  });

  describe('postPinned', () => {
    const seen: Array<{ host?: string; path?: string; key?: string; body: string; servername?: string | false }> = [];
    const record = (req: IncomingMessage, res: { statusCode: number; end: (b: string) => void }) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({
          host: req.headers.host,
          path: req.url,
          key: String(req.headers['idempotency-key']),
          body,
          servername: (req.socket as TLSSocket).servername,
        });
        res.statusCode = req.url?.startsWith('/fail') ? 503 : 204;
        res.end('');
      });
    };
    let http: Server;
    let port: number;
    beforeAll(async () => {
      http = createServer(record);
      await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
      port = (http.address() as AddressInfo).port;
    });
    afterAll(() => new Promise((r) => http.close(r)));

    it('connects to the checked address, not to what the name resolves to now, and keeps the name as Host', async () => {
      // `rebind.invalid` resolves to nothing (a reserved name): the request can only have gone to the pinned address.
      const target = {
        url: new URL(`http://rebind.invalid:${port}/hook?a=1`),
        host: 'rebind.invalid',
        address: '127.0.0.1',
        family: 4 as const,
      };
      const res = await postPinned(target, {
        headers: { 'content-type': 'application/json', 'idempotency-key': 'run:0' },
        body: '{"ok":true}',
        timeoutMs: 5_000,
      });
      expect(res.status).toBe(204);
      expect(seen.at(-1)).toMatchObject({
        host: `rebind.invalid:${port}`,
        path: '/hook?a=1',
        key: 'run:0',
        body: '{"ok":true}',
      });
      const failed = await postPinned(
        { ...target, url: new URL(`http://rebind.invalid:${port}/fail`) },
        {
          headers: {},
          body: '{}',
          timeoutMs: 5_000,
        },
      );
      expect(failed.status).toBe(503);
    });

    it('reaches what the guard checked for an allowed host name', async () => {
      const checked = await checkWebhook(`http://localhost:${port}/allowed`, {
        allowPrivate: false,
        allowHosts: ['localhost'],
      });
      // localhost may resolve to ::1 first; the server listens on 127.0.0.1 only, so pin to what it is.
      const res = await postPinned(
        { ...checked, address: '127.0.0.1', family: 4 },
        { headers: {}, body: '{}', timeoutMs: 5_000 },
      );
      expect(res.status).toBe(204);
      expect(seen.at(-1)).toMatchObject({ host: `localhost:${port}`, path: '/allowed' });
    });

    it('fails on a time-out and on a refused connection', async () => {
      const silent = createServer(() => undefined);
      await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
      const silentPort = (silent.address() as AddressInfo).port;
      try {
        await expect(
          postPinned(
            {
              url: new URL(`http://slow.invalid:${silentPort}/`),
              host: 'slow.invalid',
              address: '127.0.0.1',
              family: 4,
            },
            { headers: {}, body: '{}', timeoutMs: 200 },
          ),
        ).rejects.toThrow(/abort|timeout/i);
      } finally {
        silent.closeAllConnections();
        await new Promise((r) => silent.close(r));
      }
      await expect(
        postPinned(
          { url: new URL('http://closed.invalid:9/'), host: 'closed.invalid', address: '127.0.0.1', family: 4 },
          { headers: {}, body: '{}', timeoutMs: 2_000 },
        ),
      ).rejects.toThrow(/ECONNREFUSED/);
    });

    it('over https, sends the host name as the TLS server name and checks the certificate against it', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'webhook-tls-'));
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=hooks.example.test',
          '-addext',
          'subjectAltName=DNS:hooks.example.test',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const cert = readFileSync(join(dir, 'cert.pem'));
      const tls = createTlsServer({ key: readFileSync(join(dir, 'key.pem')), cert }, record);
      await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
      const tlsPort = (tls.address() as AddressInfo).port;
      try {
        const target = {
          url: new URL(`https://hooks.example.test:${tlsPort}/secure`),
          host: 'hooks.example.test',
          address: '127.0.0.1',
          family: 4 as const,
        };
        const res = await postPinned(target, { headers: {}, body: '{}', timeoutMs: 5_000, ca: cert });
        expect(res.status).toBe(204);
        expect(seen.at(-1)).toMatchObject({
          host: `hooks.example.test:${tlsPort}`,
          path: '/secure',
          servername: 'hooks.example.test',
        });
        // The certificate must match the name, whatever address the connection went to.
        await expect(
          postPinned(
            { ...target, url: new URL(`https://other.example.test:${tlsPort}/`), host: 'other.example.test' },
            { headers: {}, body: '{}', timeoutMs: 5_000, ca: cert },
          ),
        ).rejects.toThrow(/altnames|Hostname/i);
      } finally {
        await new Promise((r) => tls.close(r));
      }
    });
  });
});
