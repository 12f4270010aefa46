import { rateLimitHeaders, resourceOf } from './rate-limits';

describe(resourceOf.name, () => {
  it.each([
    ['/leads', 'leads'],
    ['/leads/abc/score', 'leads'],
    ['/settings/users', 'settings'],
    ['/', ''],
  ])('%s counts against %j', (path, resource) => {
    expect(resourceOf(path)).toBe(resource);
  });
});

describe(rateLimitHeaders.name, () => {
  it('writes the structured-field RateLimit-Policy and RateLimit of the IETF draft', () => {
    expect(
      rateLimitHeaders([
        { name: 'hour', seconds: 3600, quota: 5, count: 3, resetIn: 1200 },
        { name: 'day', seconds: 86_400, quota: 100, count: 30, resetIn: 50_000 },
      ]),
    ).toEqual({
      'ratelimit-policy': '"hour";q=5;w=3600, "day";q=100;w=86400',
      ratelimit: '"hour";r=2;t=1200, "day";r=70;t=50000',
    });
  });

  it('never reports a negative remainder', () => {
    expect(rateLimitHeaders([{ name: 'hour', seconds: 3600, quota: 5, count: 9, resetIn: 10 }]).ratelimit).toBe(
      '"hour";r=0;t=10',
    );
  });
});
