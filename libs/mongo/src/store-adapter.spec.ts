import { engineFromBuildInfo, registerStore, StoreAdapter, storeOf, storeOfCollection } from './store-adapter';

describe(StoreAdapter.name, () => {
  it('recognises FerretDB v1 (also our embedded build, which reports "unknown") as not atomic', () => {
    for (const ferretdbVersion of ['v1.24.0', 'unknown']) {
      expect(engineFromBuildInfo({ version: '7.0.42', ferretdbVersion })).toMatchObject({
        name: 'ferretdb',
        atomicUpdates: false,
        groupAccumulators: false,
        pushSlice: false,
        ttlIndexes: false,
      });
    }
  });

  it('takes MongoDB and FerretDB v2 (DocumentDB) as atomic engines', () => {
    expect(engineFromBuildInfo({ version: '7.0.14' })).toMatchObject({ name: 'mongodb', atomicUpdates: true });
    expect(engineFromBuildInfo({ version: '7.0.77', ferretdb: { version: 'v2.7.0' } })).toMatchObject({
      name: 'ferretdb',
      version: 'v2.7.0',
      atomicUpdates: true,
      groupAccumulators: true,
    });
  });

  it('serialises writes to one document only on an engine without atomic updates', async () => {
    const run = async (adapter: StoreAdapter) => {
      const order: string[] = [];
      const write = (label: string, ms: number) => () =>
        new Promise<void>((r) => {
          order.push(`${label}:start`);
          setTimeout(() => (order.push(`${label}:end`), r()), ms);
        });
      await Promise.all([adapter.write('c', 1, write('a', 20)), adapter.write('c', 1, write('b', 1))]);
      return order;
    };
    const v1 = new StoreAdapter(engineFromBuildInfo({ ferretdbVersion: 'v1.24.0' }));
    expect(await run(v1)).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
    const mongo = new StoreAdapter(engineFromBuildInfo({ version: '7.0.14' }));
    expect(await run(mongo)).toEqual(['a:start', 'b:start', 'b:end', 'a:end']);
  });

  it('finds the adapter of a driver collection and of a mongoose collection wrapper alike', () => {
    const adapter = new StoreAdapter(engineFromBuildInfo({ version: '7.0.14' }));
    registerStore('db_for_lookup', adapter);
    expect(storeOf('db_for_lookup')).toBe(adapter);
    expect(storeOfCollection({ dbName: 'db_for_lookup' })).toBe(adapter);
    expect(storeOfCollection({ conn: { name: 'db_for_lookup' } })).toBe(adapter);
    expect(() => storeOfCollection({})).toThrow(/names no database/);
  });
});
