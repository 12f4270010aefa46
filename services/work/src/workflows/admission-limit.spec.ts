import { AdmissionLimit } from './admission-limit';

describe('AdmissionLimit', () => {
  const target = 100;
  /** One window: `n` runs admitted at `admitted` finishing at `now` with `overhead` ms each. */
  const feed = (limit: AdmissionLimit, n: number, overhead: number, admitted: number, now: number) => {
    for (let i = 0; i < n; i++) limit.observe(admitted, overhead, now);
  };

  it('rises by √limit a window while runs wait in the queue and take no longer than unloaded ones', () => {
    const limit = new AdmissionLimit({ ceiling: 64, targetMs: target }, 0);
    // It starts low (a burst at start is no time to take many in) and grows while runs stay quick.
    expect(limit.limit).toBe(2);
    limit.held();
    feed(limit, 5, 80, 10, 1_500);
    expect(limit.limit).toBe(3); // 2 + √2
    limit.held();
    feed(limit, 5, 90, 1_600, 3_000);
    expect(limit.limit).toBe(4); // 3 + √3
    for (let w = 0; w < 20; w++) {
      limit.held();
      feed(limit, 5, 90, 3_100 + w * 1_500, 4_500 + w * 1_500);
    }
    // Never above the ceiling.
    expect(limit.limit).toBe(64);
  });

  it('takes one in at a time while looks for due runs are slow, for ten seconds at most, and more once they are quick', () => {
    const limit = new AdmissionLimit({ ceiling: 64, targetMs: target }, 0);
    expect(limit.admitting(0)).toBe(2);
    // Twice the target is still quick.
    limit.looked(200, 0);
    expect(limit.admitting(10)).toBe(2);
    // A burst of starts: looks take 400 ms.
    limit.looked(400, 1_000);
    expect(limit.holding(1_001)).toBe(true);
    expect(limit.admitting(1_001)).toBe(1);
    limit.looked(700, 5_000);
    expect(limit.admitting(5_001)).toBe(1);
    // Slow for ten seconds from the first slow look: runs are taken in again by the limit.
    limit.looked(500, 10_500);
    expect(limit.admitting(11_000)).toBe(2);
    // A quick look ends the hold at once; the next slow one starts a new one.
    limit.looked(30, 11_500);
    expect(limit.admitting(11_500)).toBe(2);
    limit.looked(300, 12_000);
    expect(limit.admitting(12_100)).toBe(1);
    // The limit itself is untouched by a hold.
    expect(limit.limit).toBe(2);
  });

  it('takes none in while looks are slow and a long queue says a burst of starts is coming in, ten seconds at most', () => {
    const limit = new AdmissionLimit({ ceiling: 64, targetMs: target }, 0);
    expect(limit.admitting(0, true)).toBe(2);
    limit.looked(400, 1_000);
    expect(limit.admitting(1_001, true)).toBe(0);
    expect(limit.admitting(1_001, false)).toBe(1);
    limit.looked(900, 9_000);
    expect(limit.admitting(10_999, true)).toBe(0);
    expect(limit.admitting(11_000, true)).toBe(2);
    limit.looked(20, 11_100);
    limit.looked(400, 11_200);
    expect(limit.admitting(11_300, true)).toBe(0);
    limit.looked(20, 11_500);
    expect(limit.admitting(11_500, true)).toBe(2);
  });

  it('does not rise while nothing waits in the queue', () => {
    const limit = new AdmissionLimit({ ceiling: 64, targetMs: target }, 0);
    feed(limit, 10, 20, 10, 2_000);
    expect(limit.limit).toBe(2);
  });

  it('comes down when more runs only make each slower, in proportion, and not below one', () => {
    const limit = new AdmissionLimit({ ceiling: 64, targetMs: target }, 0);
    // 2, 3, 4, 6, 8, 10, 13, 16, 20, 24, 28, 33, 38, 44, 50, 57, 64.
    for (let w = 0; w < 16; w++) {
      limit.held();
      feed(limit, 5, 90, 10 + w * 1_500, 1_400 + w * 1_500);
    }
    expect(limit.limit).toBe(64);
    // Runs now take four times the baseline: 64 × ¼ + 8.
    feed(limit, 5, 400, 40_000, 41_500);
    expect(limit.limit).toBe(24);
    // Twice: 24 × ½ + √24.
    feed(limit, 5, 200, 41_600, 43_000);
    expect(limit.limit).toBe(16);
    for (let w = 0; w < 5; w++) feed(limit, 5, 5_000, 43_100 + w * 1_500, 44_500 + w * 1_500);
    expect(limit.limit).toBe(1);
  });

  it('holds where runs take a little longer than the baseline (the knee): √limit of room', () => {
    const limit = new AdmissionLimit({ ceiling: 64, targetMs: target }, 0);
    for (let w = 0; w < 5; w++) {
      limit.held();
      feed(limit, 5, 100, 10 + w * 1_500, 1_400 + w * 1_500);
    }
    expect(limit.limit).toBe(10); // 2, 3, 4, 6, 8, 10
    // 10 × 100/125 + √10 = 11.16: up by one while runs still queue; 125 → 150 ms: 11 × ⅔ + 3.3 = 10.
    limit.held();
    feed(limit, 5, 125, 7_600, 9_000);
    expect(limit.limit).toBe(11);
    feed(limit, 5, 150, 9_100, 10_500);
    expect(limit.limit).toBe(10);
  });

  it('judges a change by runs taken in after it: runs admitted before a cut do not cut again', () => {
    const limit = new AdmissionLimit({ ceiling: 64, targetMs: target }, 0);
    feed(limit, 2, 90, 10, 1_000);
    feed(limit, 5, 1_000, 10, 2_000);
    expect(limit.limit).toBe(1); // 2 × 100/1000 + √2
    limit.held();
    // Slow runs admitted before the cut (at 2000) are ignored; quick ones after it raise the limit.
    feed(limit, 20, 1_000, 1_500, 3_500);
    expect(limit.limit).toBe(1);
    feed(limit, 5, 90, 2_200, 3_600);
    expect(limit.limit).toBe(2);
  });

  it('waits for a second and a few runs (four, or the limit when lower) before moving', () => {
    const limit = new AdmissionLimit({ ceiling: 64, targetMs: target }, 0);
    feed(limit, 4, 90, 10, 1_000);
    feed(limit, 50, 900, 10, 1_500);
    expect(limit.limit).toBe(2);
    feed(limit, 1, 900, 10, 2_100);
    // A window's worth: 900 ms against the 100 ms that counts as unloaded.
    expect(limit.limit).toBe(1);
    // At a limit of 2, two runs make a window.
    const quiet = new AdmissionLimit({ ceiling: 64, targetMs: target }, 0);
    quiet.held();
    feed(quiet, 1, 90, 10, 5_000);
    expect(quiet.limit).toBe(2);
    feed(quiet, 1, 90, 10, 5_100);
    expect(quiet.limit).toBe(3);
  });

  it('stays within a small ceiling', () => {
    const limit = new AdmissionLimit({ ceiling: 3, targetMs: target }, 0);
    expect(limit.limit).toBe(2);
    limit.held();
    feed(limit, 5, 10, 10, 2_000);
    expect(limit.limit).toBe(3);
    limit.held();
    feed(limit, 5, 10, 2_100, 4_000);
    expect(limit.limit).toBe(3);
    const one = new AdmissionLimit({ ceiling: 1, targetMs: target }, 0);
    expect(one.limit).toBe(1);
  });
});
