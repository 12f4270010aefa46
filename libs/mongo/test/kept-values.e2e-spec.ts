import { infra, uniqueDbName } from '@sixa/testing';
import type { Connection } from 'mongoose';
import { KeptValues } from '../src/kept-values';
import { connectMongo } from '../src/mongo.module';

describe(KeptValues.name, () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectMongo({ url: infra().mongoUrl, dbName: uniqueDbName('kept_values') });
  });
  afterAll(() => connection.close());

  it('keeps a value at the newest revision it was given, and says whether it kept one', async () => {
    const kept = new KeptValues<number>(connection.db!, 'followed_settings');
    expect(await kept.get('quotes.default_expiry_days')).toBeUndefined();
    expect(await kept.keep('quotes.default_expiry_days', 30, 2)).toBe(true);
    expect(await kept.keep('quotes.default_expiry_days', 10, 1)).toBe(false);
    expect(await kept.keep('quotes.default_expiry_days', 14, 2)).toBe(false);
    expect(await kept.get('quotes.default_expiry_days')).toBe(30);
    expect(await kept.keep('quotes.default_expiry_days', 45, 3)).toBe(true);
    expect(await kept.get('quotes.default_expiry_days')).toBe(45);
  });
});
