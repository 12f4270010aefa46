import { eventsOf, resolveRef, type AsyncApiDocument, type JsonSchema } from './document';

/**
 * What a consumer built on one version of the AsyncAPI document may rely on in a later one with the
 * same major version. Both ways matter on Kafka: consumers written for the old document read new
 * events, and consumers written for the new one re-read the old events still on the topic. So the
 * only changes that keep the major version are additions nobody has to understand: new topics, new
 * event types (consumers skip types they do not know) and new optional fields (they ignore fields
 * they do not know). Anything else an existing event type's schema says is a promise:
 *
 * - a topic or an event type removed, or an event type moved to another topic;
 * - a field removed, or no longer always present (required before, optional now);
 * - a field newly required, or a new field that is required (old events lack it);
 * - a field's type changed (widened or narrowed), an alternative of a union added or removed;
 * - a fixed value (`const`), a format or another constraint (pattern, length, range) changed, added or removed;
 * - an enum value removed, and an enum value added: a consumer's exhaustive switch over it breaks;
 * - additional properties newly allowed or refused.
 *
 * Descriptions, titles and summaries may change freely.
 */
export function breakingChanges(before: AsyncApiDocument, after: AsyncApiDocument): string[] {
  const changes: string[] = [];
  const topicsAfter = new Set(Object.values(after.channels).map((c) => c.address));
  for (const channel of Object.values(before.channels))
    if (!topicsAfter.has(channel.address)) changes.push(`topic ${channel.address}: removed`);
  const eventsAfter = eventsOf(after);
  for (const [type, old] of eventsOf(before)) {
    const now = eventsAfter.get(type);
    if (!now) changes.push(`${type}: event type removed (from ${old.topic})`);
    else if (now.topic !== old.topic) changes.push(`${type}: moved from topic ${old.topic} to ${now.topic}`);
    else new SchemaComparison(before, after, type, changes).compare('', old.message.payload, now.message.payload);
  }
  return changes;
}

type Schema = Record<string, unknown>;

/** Keywords that only document: they may change freely. */
const ANNOTATIONS = new Set(['description', 'title', 'summary', 'examples', 'example', '$comment', 'deprecated']);

/** Constraints compared as they are: any change to one is breaking. */
const CONSTRAINTS = [
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
];

const show = (value: unknown) => JSON.stringify(value);

/** The schema's types (`type`, as a sorted list); `[]` when it does not say. */
function typesOf(schema: Schema): string[] {
  const type = schema.type;
  return (Array.isArray(type) ? [...(type as string[])] : typeof type === 'string' ? [type] : []).sort();
}

function alternativesOf(schema: Schema): JsonSchema[] | null {
  return (schema.anyOf ?? schema.oneOf ?? null) as JsonSchema[] | null;
}

/** What a schema is, in a few words, for the messages. */
function describe(schema: JsonSchema): string {
  if (typeof schema === 'boolean') return schema ? 'anything' : 'nothing';
  if ('const' in schema) return show(schema.const);
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map(show).join(' | ');
  const alternatives = alternativesOf(schema);
  if (alternatives) return alternatives.map(describe).join(' | ');
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
  return typesOf(schema).join(' | ') || 'anything';
}

/** One event type's payload, old against new, adding each breaking difference to `changes`. */
class SchemaComparison {
  /** Pairs of references already being compared: a recursive type is compared once. */
  private readonly visiting = new Set<string>();

  constructor(
    private readonly before: AsyncApiDocument,
    private readonly after: AsyncApiDocument,
    private readonly event: string,
    private readonly changes: string[],
  ) {}

  private report(path: string, what: string): void {
    this.changes.push(`${this.event}: ${path || 'payload'} ${what}`);
  }

  /** The schema behind `$ref`s (their sibling keywords kept), and the references followed. */
  private deref(doc: AsyncApiDocument, schema: JsonSchema): { schema: JsonSchema; refs: string[] } {
    const refs: string[] = [];
    while (typeof schema === 'object' && typeof schema.$ref === 'string') {
      const { $ref, ...siblings } = schema;
      if (refs.includes($ref)) break;
      refs.push($ref);
      const target = resolveRef<JsonSchema>(doc, $ref);
      schema = typeof target === 'boolean' ? target : { ...target, ...siblings };
    }
    return { schema, refs };
  }

  compare(path: string, oldSchema: JsonSchema, newSchema: JsonSchema): void {
    const a = this.deref(this.before, oldSchema);
    const b = this.deref(this.after, newSchema);
    const key = `${a.refs.join(',')} ${b.refs.join(',')}`;
    if (!a.refs.length || !b.refs.length) return this.compareResolved(path, a.schema, b.schema);
    if (this.visiting.has(key)) return;
    this.visiting.add(key);
    try {
      this.compareResolved(path, a.schema, b.schema);
    } finally {
      this.visiting.delete(key);
    }
  }

  private compareResolved(path: string, a: JsonSchema, b: JsonSchema): void {
    if (typeof a === 'boolean' || typeof b === 'boolean') {
      if (a !== b) this.report(path, `changed from ${describe(a)} to ${describe(b)}`);
      return;
    }
    const altA = alternativesOf(a);
    const altB = alternativesOf(b);
    if (altA || altB) {
      if (altA && altB) this.compareAlternatives(path, altA, altB);
      else this.report(path, `type changed from ${describe(a)} to ${describe(b)}`);
      return;
    }
    const typesA = typesOf(a);
    const typesB = typesOf(b);
    if (typesA.join() !== typesB.join()) {
      this.report(path, `type changed from ${describe(a)} to ${describe(b)}`);
      return;
    }
    if (show(a.const) !== show(b.const)) {
      this.report(path, `value changed from ${describe(a)} to ${describe(b)}`);
      return;
    }
    this.compareEnums(path, a.enum, b.enum);
    if (a.format !== b.format)
      this.report(
        path,
        a.format === undefined
          ? `format ${show(b.format)} added`
          : b.format === undefined
            ? `format ${show(a.format)} removed`
            : `format changed from ${show(a.format)} to ${show(b.format)}`,
      );
    for (const keyword of CONSTRAINTS)
      if (show(a[keyword]) !== show(b[keyword]))
        this.report(path, `${keyword} changed from ${show(a[keyword]) ?? 'none'} to ${show(b[keyword]) ?? 'none'}`);
    this.compareProperties(path, a, b);
    this.compareItems(path, a, b);
  }

  private compareEnums(path: string, a: unknown, b: unknown): void {
    if (a === undefined && b === undefined) return;
    if (!Array.isArray(a) || !Array.isArray(b)) {
      this.report(path, a === undefined ? `now limited to ${show(b)}` : `no longer limited to ${show(a)}`);
      return;
    }
    const removed = a.filter((v) => !b.some((w) => show(w) === show(v)));
    const added = b.filter((v) => !a.some((w) => show(w) === show(v)));
    if (removed.length) this.report(path, `enum value ${removed.map(show).join(', ')} removed`);
    if (added.length) this.report(path, `enum value ${added.map(show).join(', ')} added`);
  }

  private compareProperties(path: string, a: Schema, b: Schema): void {
    const propsA = (a.properties ?? {}) as Record<string, JsonSchema>;
    const propsB = (b.properties ?? {}) as Record<string, JsonSchema>;
    const requiredA = new Set((a.required ?? []) as string[]);
    const requiredB = new Set((b.required ?? []) as string[]);
    const at = (name: string) => (path ? `${path}.${name}` : name);
    for (const [name, schema] of Object.entries(propsA)) {
      if (!(name in propsB)) {
        this.report(at(name), 'removed');
        continue;
      }
      if (requiredA.has(name) && !requiredB.has(name)) this.report(at(name), 'no longer required (may be absent)');
      if (!requiredA.has(name) && requiredB.has(name)) this.report(at(name), 'now required (old events lack it)');
      this.compare(at(name), schema, propsB[name]!);
    }
    for (const name of Object.keys(propsB))
      if (!(name in propsA) && requiredB.has(name)) this.report(at(name), 'added as required (old events lack it)');
    const extraA = a.additionalProperties;
    const extraB = b.additionalProperties;
    const closed = (extra: unknown) => extra === false;
    if (closed(extraA) !== closed(extraB))
      this.report(path, closed(extraB) ? 'no longer allows other fields' : 'now allows fields of any name');
    else if (typeof extraA === 'object' && typeof extraB === 'object')
      this.compare(path ? `${path}.*` : '*', extraA as JsonSchema, extraB as JsonSchema);
  }

  private compareItems(path: string, a: Schema, b: Schema): void {
    if (a.items === undefined && b.items === undefined) return;
    if (Array.isArray(a.items) || Array.isArray(b.items)) {
      const itemsA = ([] as JsonSchema[]).concat((a.items ?? []) as JsonSchema[]);
      const itemsB = ([] as JsonSchema[]).concat((b.items ?? []) as JsonSchema[]);
      if (itemsA.length !== itemsB.length)
        this.report(path, `tuple changed from ${itemsA.length} to ${itemsB.length} elements`);
      else itemsA.forEach((item, i) => this.compare(`${path}[${i}]`, item, itemsB[i]!));
      return;
    }
    this.compare(`${path}[]`, (a.items ?? true) as JsonSchema, (b.items ?? true) as JsonSchema);
  }

  /**
   * Each old alternative must still be there unchanged, and no alternative may be new. An
   * alternative that changed in place (one gone, one new, in the same position) is compared field
   * by field, which says what changed in it.
   */
  private compareAlternatives(path: string, a: JsonSchema[], b: JsonSchema[]): void {
    const unchanged = (x: JsonSchema, y: JsonSchema) => {
      const probe: string[] = [];
      new SchemaComparison(this.before, this.after, this.event, probe).compare(path, x, y);
      return probe.length === 0;
    };
    const unmatchedB = new Set(b.map((_, i) => i));
    const unmatchedA: number[] = [];
    a.forEach((x, i) => {
      const j = [...unmatchedB].find((k) => unchanged(x, b[k]!));
      if (j === undefined) unmatchedA.push(i);
      else unmatchedB.delete(j);
    });
    const leftB = [...unmatchedB];
    if (unmatchedA.length === leftB.length) {
      unmatchedA.forEach((i, n) => this.compare(path, a[i]!, b[leftB[n]!]!));
      return;
    }
    for (const i of unmatchedA) this.report(path, `alternative ${describe(a[i]!)} removed`);
    for (const j of leftB) this.report(path, `alternative ${describe(b[j]!)} added`);
  }
}

/** `major.minor.patch` */
function parseVersion(version: string): [number, number, number] {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!m) throw new Error(`info.version "${version}" is not major.minor.patch`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

export const majorOf = (version: string): number => parseVersion(version)[0];

/** The document without what only documents it (descriptions, titles, summaries) and without its version. */
function substance(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(substance);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      // Strings only: a field may be named `title` or `description` (its schema is an object).
      .filter(([key, v]) => typeof v !== 'string' || (!ANNOTATIONS.has(key) && key !== 'version'))
      .map(([key, v]) => [key, substance(v)]),
  );
}

export type VersionDecision =
  { ok: true; version: string; breaking: string[] } | { ok: false; breaking: string[]; reason: string };

/**
 * The version of a newly generated document, given the committed one (null: there is none yet):
 * unchanged when nothing changed, the patch bumped when only descriptions did, the minor for a
 * compatible change, and the major when `breaking` (a deliberate break: what the checker lists, or a
 * change of meaning it cannot see). A breaking change without `breaking` is refused.
 */
export function nextVersion(
  committed: AsyncApiDocument | null,
  generated: AsyncApiDocument,
  opts: { breaking?: boolean } = {},
): VersionDecision {
  if (!committed) return { ok: true, version: '1.0.0', breaking: [] };
  const [major, minor, patch] = parseVersion(committed.info.version);
  const breaking = breakingChanges(committed, generated);
  if (opts.breaking) return { ok: true, version: `${major + 1}.0.0`, breaking };
  if (breaking.length)
    return {
      ok: false,
      breaking,
      reason: 'breaking changes for consumers: give --breaking to make a new major version',
    };
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  if (same({ ...generated, info: { ...generated.info, version: committed.info.version } }, committed))
    return { ok: true, version: committed.info.version, breaking };
  if (same(substance(generated), substance(committed)))
    return { ok: true, version: `${major}.${minor}.${patch + 1}`, breaking };
  return { ok: true, version: `${major}.${minor + 1}.0`, breaking };
}
