import { SharedLookup } from './shared-lookup';

/** A read the test lets finish: what it was asked for, and when it began. */
function reads() {
  const started: Array<{ keys: string[]; finish: (v: string[]) => void; fail: (e: Error) => void }> = [];
  const read = (keys: string[]) =>
    new Promise<string[]>((resolve, reject) => started.push({ keys, finish: resolve, fail: reject }));
  return { started, read };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('SharedLookup', () => {
  it('reads at once when no read is in flight', async () => {
    const { started, read } = reads();
    const lookup = new SharedLookup(read);
    const a = lookup.get('a');
    expect(started.map((s) => s.keys)).toEqual([['a']]);
    started[0].finish(['A']);
    await expect(a).resolves.toEqual(['A']);
  });

  it('serves every caller that came during a read with one read that starts after it, for all their keys', async () => {
    const { started, read } = reads();
    const lookup = new SharedLookup(read);
    const first = lookup.get('a');
    // These came after the first read began: it cannot have seen what was stored just before them.
    const b = lookup.get('b');
    const c = lookup.get('c');
    const again = lookup.get('b');
    expect(started).toHaveLength(1);
    started[0].finish(['A']);
    await expect(first).resolves.toEqual(['A']);
    await tick();
    expect(started.map((s) => s.keys)).toEqual([['a'], ['b', 'c']]);
    started[1].finish(['B', 'C']);
    await expect(Promise.all([b, c, again])).resolves.toEqual([
      ['B', 'C'],
      ['B', 'C'],
      ['B', 'C'],
    ]);
    // Nothing in flight: the next caller reads at once.
    lookup.get('d');
    expect(started).toHaveLength(3);
  });

  it('a caller during the hand-over joins the read after the one about to start', async () => {
    const { started, read } = reads();
    const lookup = new SharedLookup(read);
    void lookup.get('a');
    const b = lookup.get('b');
    started[0].finish([]);
    // The first read is over; the joined one has not begun yet: a caller now waits for a later read.
    await Promise.resolve();
    const late = lookup.get('late');
    await tick();
    expect(started.map((s) => s.keys)).toEqual([['a'], ['b']]);
    started[1].finish(['B']);
    await expect(b).resolves.toEqual(['B']);
    await tick();
    expect(started.map((s) => s.keys)).toEqual([['a'], ['b'], ['late']]);
    started[2].finish(['L']);
    await expect(late).resolves.toEqual(['L']);
  });

  it('passes a failed read to its callers and goes on reading for the next ones', async () => {
    const { started, read } = reads();
    const lookup = new SharedLookup(read);
    const a = lookup.get('a');
    const b = lookup.get('b');
    started[0].fail(new Error('store away'));
    await expect(a).rejects.toThrow('store away');
    await tick();
    started[1].finish(['B']);
    await expect(b).resolves.toEqual(['B']);
  });
});
