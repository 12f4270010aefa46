import { duplicateKeyDetail, duplicateKeyOf, indexFields } from './duplicate-key';

describe(duplicateKeyOf.name, () => {
  it("reads MongoDB's refusal: collection, fields and values", () => {
    const e = Object.assign(
      new Error('E11000 duplicate key error collection: auth.users index: username_1 dup key: { username: "ana" }'),
      {
        code: 11000,
        keyPattern: { username: 1 },
        keyValue: { username: 'ana' },
      },
    );
    expect(duplicateKeyOf(e)).toEqual({ collection: 'users', fields: ['username'], values: { username: 'ana' } });
  });

  it("reads FerretDB's refusal of an insert (collection only) and of an update (its SQLite index)", () => {
    const insert = Object.assign(new Error('E11000 duplicate key error collection: crm_x.leads'), { code: 11000 });
    expect(duplicateKeyOf(insert)).toEqual({ collection: 'leads', fields: [], values: {} });
    const update = Object.assign(
      new Error("constraint failed: UNIQUE constraint failed: index 'settings_entries_0a1b2c3d_kind_1_key_1' (2067)"),
      { code: 1 },
    );
    expect(duplicateKeyOf(update)).toEqual({ collection: 'settings_entries', fields: ['kind', 'key'], values: {} });
  });

  it('prefers the collection an error names itself', () => {
    const e = Object.assign(new Error('E11000 duplicate key error'), {
      code: 11000,
      collection: 'team_members',
      keyValue: { email: 'a@b.c' },
    });
    expect(duplicateKeyOf(e)?.collection).toBe('team_members');
  });

  it('is null for other errors', () => {
    expect(duplicateKeyOf(new Error('boom'))).toBeNull();
    expect(duplicateKeyOf(Object.assign(new Error('no'), { code: 11001 }))).toBeNull();
    expect(duplicateKeyOf(undefined)).toBeNull();
  });
});

describe(indexFields.name, () => {
  it('reads the fields of a default index name', () => {
    expect(indexFields('email_1')).toEqual(['email']);
    expect(indexFields('document_id_1_version_-1')).toEqual(['document_id', 'version']);
  });
});

describe(duplicateKeyDetail.name, () => {
  it('names the record, the field as a person reads it, and the value when known', () => {
    expect(duplicateKeyDetail({ collection: 'leads', fields: ['email'], values: { email: 'ana@example.com' } })).toBe(
      'Another lead already uses the e-mail ana@example.com',
    );
    expect(duplicateKeyDetail({ collection: 'users', fields: ['username'], values: {} })).toBe(
      'Another user already uses this username',
    );
    expect(duplicateKeyDetail({ collection: 'settings_entries', fields: ['kind', 'key'], values: {} })).toBe(
      'Another setting already uses this kind and key',
    );
    expect(duplicateKeyDetail({ collection: null, fields: [], values: {} })).toBe(
      'Another record already has these values; change them and try again',
    );
  });
});
