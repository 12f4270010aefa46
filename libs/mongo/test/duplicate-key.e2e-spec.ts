import { infra, uniqueDbName } from '@sixa/testing';
import { Schema, type Connection, type Types } from 'mongoose';
import { BaseRepository } from '../src/base.repository';
import { DuplicateKeyError, isDuplicateKey } from '../src/duplicate-key';
import { connectMongo } from '../src/mongo.module';

interface PersonDoc {
  _id: Types.ObjectId;
  rev?: number;
  name: string;
  email: string;
  username?: string;
}
interface Person {
  id: string;
  etag: string;
  name: string;
  email: string;
  username?: string;
}

class People extends BaseRepository<PersonDoc, Person> {}

/** What a unique index's refusal looks like to a service, on the engine the tests run on. */
describe(DuplicateKeyError.name, () => {
  let connection: Connection;
  let people: People;
  beforeAll(async () => {
    connection = await connectMongo({ url: infra().mongoUrl, dbName: uniqueDbName('dupkey') });
    const schema = new Schema<PersonDoc>(
      { name: String, email: String, username: String, rev: Number },
      { versionKey: false },
    );
    schema.index({ email: 1 }, { unique: true });
    schema.index({ username: 1 }, { unique: true, sparse: true });
    people = new People(connection.model<PersonDoc>('Person', schema, 'people'), { outbox: null });
    await people.init();
  });
  afterAll(() => connection.close());

  const refusal = async (write: Promise<unknown>) => {
    try {
      await write;
    } catch (e) {
      return e;
    }
    throw new Error('the write was not refused');
  };

  it('names the field and the value an edit collided on, and writes nothing', async () => {
    await people.insert({ name: 'Ana', email: 'ana@example.com', username: 'ana' });
    const bob = await people.insert({ name: 'Bob', email: 'bob@example.com', username: 'bob' });
    const e = await refusal(
      people.change({ _id: bob.id }, () => ({ set: { name: 'Bob B', email: 'ana@example.com' } })),
    );
    expect(e).toBeInstanceOf(DuplicateKeyError);
    expect(e).toMatchObject({
      code: 11000,
      collection: 'people',
      keyPattern: { email: 1 },
      keyValue: { email: 'ana@example.com' },
    });
    expect(isDuplicateKey(e)).toBe(true);
    expect(await people.findById(bob.id)).toEqual(bob);
  });

  it('names the index an insert collided on, of several', async () => {
    const e = await refusal(people.insert({ name: 'Another Ana', email: 'other@example.com', username: 'ana' }));
    expect(e).toMatchObject({ collection: 'people', keyPattern: { username: 1 }, keyValue: { username: 'ana' } });
  });
});
