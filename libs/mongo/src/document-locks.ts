/**
 * Serialises writes to one document within this process.
 *
 * Why: FerretDB v1 (the local database) applies an update by reading the document, changing it in
 * memory and writing the whole document back, with nothing that stops a second writer in between;
 * two concurrent updates of one document can lose one of them. The outbox relay writes to the same
 * documents the service changes, so every write to an existing document goes through this lock.
 * MongoDB applies single-document updates atomically; there the lock only orders writes in-process.
 * Several replicas of one service on FerretDB are therefore not supported.
 */
export class DocumentLocks {
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

  /** Runs `fn` holding the locks of several documents, taken in sorted order so that two callers cannot deadlock. */
  runAll<T>(collection: string, ids: unknown[], fn: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(ids.map(String))].sort();
    const hold = (i: number): Promise<T> =>
      i === sorted.length ? fn() : this.run(collection, sorted[i], () => hold(i + 1));
    return hold(0);
  }
}

/** One per process: the relay and the repositories must share it. */
export const documentLocks = new DocumentLocks();
