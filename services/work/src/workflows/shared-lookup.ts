/**
 * One read serves every caller that asked before it began. A caller gets the result of a read that
 * started after its call, so it sees everything stored before it asked, as if it had read on its own:
 * when a read is in flight (it began earlier) the caller joins the next one, which starts when that
 * one ends and asks for the keys of all who joined it. Under a burst of events the store is read once
 * per read's duration instead of once per event.
 */
export class SharedLookup<K, V> {
  private running = false;
  private waiting: { keys: Set<K>; go: () => void; result: Promise<V[]> } | null = null;

  constructor(private readonly read: (keys: K[]) => Promise<V[]>) {}

  /** What the store holds for `key` (with the other keys of the read it joins), read after this call. */
  get(key: K): Promise<V[]> {
    if (!this.running) return this.start([key]);
    if (!this.waiting) {
      const keys = new Set<K>();
      let go!: () => void;
      const released = new Promise<void>((resolve) => (go = resolve));
      this.waiting = { keys, go, result: released.then(() => this.start([...keys])) };
    }
    this.waiting.keys.add(key);
    return this.waiting.result;
  }

  private start(keys: K[]): Promise<V[]> {
    this.running = true;
    const result = this.read(keys);
    const done = () => {
      const waiting = this.waiting;
      this.waiting = null;
      // Still running when a joined read is about to start: a caller now joins the one after it.
      this.running = waiting !== null;
      waiting?.go();
    };
    result.then(done, done);
    return result;
  }
}
