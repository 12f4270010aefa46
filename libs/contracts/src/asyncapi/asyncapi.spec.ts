import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EVENT_TOPICS, TOPICS } from '../events';
import { breakingChanges, majorOf } from './compatibility';
import { ASYNCAPI_DOCUMENT_PATH, eventsOf, type AsyncApiDocument } from './document';
import { formatAsyncApi, generateAsyncApi } from './generate';

const committedText = readFileSync(ASYNCAPI_DOCUMENT_PATH, 'utf8');
const committed = JSON.parse(committedText) as AsyncApiDocument;

/** The parts of two documents that differ (event types, or the top-level sections). */
function differences(a: AsyncApiDocument, b: AsyncApiDocument): string[] {
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  const types = new Set([...Object.keys(a.components.messages), ...Object.keys(b.components.messages)]);
  const schemas = new Set([...Object.keys(a.components.schemas), ...Object.keys(b.components.schemas)]);
  return [
    ...[...types].filter((t) => !same(a.components.messages[t], b.components.messages[t])).map((t) => `message ${t}`),
    ...[...schemas].filter((s) => !same(a.components.schemas[s], b.components.schemas[s])).map((s) => `schema ${s}`),
    ...(['info', 'channels', 'operations'] as const).filter((k) => !same(a[k], b[k])),
  ];
}

/**
 * Each earlier version of the committed document in git history, or why there is no history to read
 * (a shallow clone, an export without git).
 */
function earlierVersions(): { versions: Array<{ commit: string; doc: AsyncApiDocument }> } | { unavailable: string } {
  const dir = path.dirname(ASYNCAPI_DOCUMENT_PATH);
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  // Both relative to `dir`: a pathspec (log) and, with `./`, a path in a commit (show).
  const file = path.basename(ASYNCAPI_DOCUMENT_PATH);
  let commits: string[];
  try {
    if (git('rev-parse', '--is-shallow-repository').trim() === 'true') return { unavailable: 'a shallow clone' };
    commits = git('log', '--format=%H', '--', file).split('\n').filter(Boolean);
  } catch (e) {
    return { unavailable: `git cannot read it: ${(e as Error).message.split('\n')[0]}` };
  }
  const versions: Array<{ commit: string; doc: AsyncApiDocument }> = [];
  for (const commit of commits) {
    let text: string;
    try {
      text = git('show', `${commit}:./${file}`);
    } catch {
      continue; // the commit that deleted it
    }
    versions.push({ commit, doc: JSON.parse(text) as AsyncApiDocument });
  }
  return { versions };
}

describe('the AsyncAPI document of the events (libs/contracts/asyncapi.json)', () => {
  it('is what the event map gives (else: run npm run contracts)', () => {
    const generated = generateAsyncApi(committed.info.version);
    if (formatAsyncApi(generated) !== committedText)
      throw new Error(
        `libs/contracts/asyncapi.json is not what the event map gives (${differences(committed, generated).join(', ') || 'formatting'}): run npm run contracts`,
      );
  }, 60_000);

  it('has a channel per topic, and on it a message per event type', () => {
    expect(Object.values(committed.channels).map((c) => c.address)).toEqual(Object.values(TOPICS));
    const events = eventsOf(committed);
    expect(Object.fromEntries([...events].map(([type, e]) => [type, e.topic]))).toEqual(EVENT_TOPICS);
    expect(Object.keys(committed.components.messages).sort()).toEqual(Object.keys(EVENT_TOPICS).sort());
  });

  it("sends every channel's messages in one operation", () => {
    for (const [id, channel] of Object.entries(committed.channels)) {
      const operation = Object.values(committed.operations).find((o) => o.channel.$ref === `#/channels/${id}`);
      expect([id, operation?.action, operation?.messages.length]).toEqual([
        id,
        'send',
        Object.keys(channel.messages).length,
      ]);
    }
  });

  it('is a valid AsyncAPI 3.0 document: @asyncapi/parser finds no error', async () => {
    const { document, diagnostics } = await new Parser().parse(committedText);
    const errors = diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error);
    expect(errors.map((d) => `${d.path.join('.')}: ${d.message}`)).toEqual([]);
    expect(document?.channels().length).toBe(Object.keys(TOPICS).length);
    expect(document?.messages().length).toBe(Object.keys(EVENT_TOPICS).length);
  }, 60_000);

  describe('against every earlier committed version with the same major version', () => {
    const history = earlierVersions();
    if ('unavailable' in history) {
      it(`is not checked: no git history to read (${history.unavailable})`, () => {
        console.warn(
          `libs/contracts/asyncapi.json was not checked against its earlier versions: ${history.unavailable}`,
        );
      });
      return;
    }

    it(`breaks nothing a consumer of version ${majorOf(committed.info.version)}.x relies on (else: --breaking)`, () => {
      const major = majorOf(committed.info.version);
      const broken = history.versions
        .filter((v) => majorOf(v.doc.info.version) === major)
        .flatMap((v) =>
          breakingChanges(v.doc, committed).map((c) => `since ${v.doc.info.version} (${v.commit.slice(0, 10)}): ${c}`),
        );
      expect(broken).toEqual([]);
    });
  });
});
