import { WriteSerialiser } from './write-serialiser';

describe(WriteSerialiser.name, () => {
  it('runs writes to one document one after another, and others in parallel', async () => {
    const locks = new WriteSerialiser();
    const order: string[] = [];
    const slow = (label: string, ms: number) => async () => {
      order.push(`${label}:start`);
      await new Promise((r) => setTimeout(r, ms));
      order.push(`${label}:end`);
    };
    await Promise.all([
      locks.run('c', 1, slow('a', 30)),
      locks.run('c', 1, slow('b', 1)),
      locks.run('c', 2, slow('x', 1)),
    ]);
    expect(order.indexOf('a:end')).toBeLessThan(order.indexOf('b:start'));
    expect(order.indexOf('x:end')).toBeLessThan(order.indexOf('a:end'));
  });

  it('keeps going after a failed write', async () => {
    const locks = new WriteSerialiser();
    await expect(locks.run('c', 1, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(locks.run('c', 1, async () => 'ok')).resolves.toBe('ok');
  });

  it('runAll holds several documents at once, in an order that cannot deadlock', async () => {
    const locks = new WriteSerialiser();
    const order: string[] = [];
    const step = (label: string, ms: number) => async () => {
      order.push(`${label}:start`);
      await new Promise((r) => setTimeout(r, ms));
      order.push(`${label}:end`);
    };
    await Promise.all([
      locks.runAll('c', [2, 1], step('both-a', 20)),
      locks.runAll('c', [1, 2], step('both-b', 1)),
      locks.run('c', 2, step('two', 1)),
      locks.run('c', 3, step('three', 1)),
    ]);
    expect(order.indexOf('both-a:end')).toBeLessThan(order.indexOf('both-b:start'));
    // 'two' shares document 2 with both-a: never inside it.
    const twoBefore = order.indexOf('two:end') < order.indexOf('both-a:start');
    const twoAfter = order.indexOf('two:start') > order.indexOf('both-a:end');
    expect(twoBefore || twoAfter).toBe(true);
    expect(order.indexOf('three:end')).toBeLessThan(order.indexOf('both-a:end'));
  });
});
