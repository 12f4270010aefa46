/**
 * Runs writes to one document one after another within this process, and writes to different
 * documents in parallel. Only the store adapter uses it, and only on an engine that applies updates
 * by read-modify-write (FerretDB v1): see StoreAdapter.
 */
export class WriteSerialiser {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(collection: string, id: unknown, fn: () => Promise<T>): Promise<T> {
    const key = `${collection}:${String(id)}`;
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(fn, fn);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Runs `fn` holding several documents at once, taken in sorted order so that two callers cannot deadlock. */
  runAll<T>(collection: string, ids: unknown[], fn: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(ids.map(String))].sort();
    const hold = (i: number): Promise<T> =>
      i === sorted.length ? fn() : this.run(collection, sorted[i], () => hold(i + 1));
    return hold(0);
  }
}
