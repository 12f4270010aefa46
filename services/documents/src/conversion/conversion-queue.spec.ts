import { ConversionQueue, LeftQueue, QueueFull } from './conversion-queue';

const later = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe(ConversionQueue.name, () => {
  it('runs two at once, queues the next in order, and refuses beyond the queue', async () => {
    const queue = new ConversionQueue(2, 2);
    const gates = [later(), later(), later(), later()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.stats).toEqual({ running: 2, waiting: 2 });
    await expect(queue.run(async () => 9)).rejects.toBeInstanceOf(QueueFull);

    gates[1].resolve();
    await runs[1];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    gates.forEach((g) => g.resolve());
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('lets a caller that gives up leave the queue, and the next one take its place', async () => {
    const queue = new ConversionQueue(1, 2);
    const gate = later();
    const running = queue.run(() => gate.promise);
    const leaving = new AbortController();
    const ran: string[] = [];
    const left = queue.run(async () => ran.push('left'), leaving.signal);
    const next = queue.run(async () => ran.push('next'));
    leaving.abort();
    await expect(left).rejects.toBeInstanceOf(LeftQueue);
    expect(queue.stats).toEqual({ running: 1, waiting: 1 });
    gate.resolve();
    await Promise.all([running, next]);
    expect(ran).toEqual(['next']);
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const queue = new ConversionQueue(1, 0);
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });

  it('tells a refused caller when to come back (at least a second)', async () => {
    const queue = new ConversionQueue(1, 0);
    const gate = later();
    const running = queue.run(() => gate.promise);
    const refused = await queue.run(async () => 0).catch((e: QueueFull) => e);
    expect(refused).toBeInstanceOf(QueueFull);
    expect((refused as QueueFull).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    gate.resolve();
    await running;
  });
});
