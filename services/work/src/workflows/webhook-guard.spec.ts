import { assertWebhookAllowed, isPrivateAddress } from './webhook-guard';

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
  ])('treats %s as private', (a) => expect(isPrivateAddress(a)).toBe(true));
  it.each(['8.8.8.8', '172.32.0.1', '2606:4700::1111'])('treats %s as public', (a) =>
    expect(isPrivateAddress(a)).toBe(false),
  );

  const closed = { allowPrivate: false, allowHosts: [] };
  it('refuses loopback, link-local and names resolving to them; allows them by configuration', async () => {
    await expect(assertWebhookAllowed('http://127.0.0.1/x', closed)).rejects.toThrow(/refused/);
    await expect(assertWebhookAllowed('http://169.254.169.254/latest', closed)).rejects.toThrow(/refused/);
    await expect(assertWebhookAllowed('http://localhost:8080/', closed)).rejects.toThrow(/resolves to/);
    await expect(assertWebhookAllowed('http://[::1]/', closed)).rejects.toThrow(/refused/);
    await expect(assertWebhookAllowed('ftp://example.com/', closed)).rejects.toThrow(/http or https/);
    await expect(
      assertWebhookAllowed('http://127.0.0.1/x', { allowPrivate: true, allowHosts: [] }),
    ).resolves.toBeInstanceOf(URL);
    await expect(
      assertWebhookAllowed('http://localhost/x', { allowPrivate: false, allowHosts: ['localhost'] }),
    ).resolves.toBeInstanceOf(URL);
  });
});
