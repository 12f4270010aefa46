import { encodeCursor } from '@sixa/mongo';
import { http } from '@sixa/testing';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startStack } from '../../e2e/stack';
import { SERVICES } from '../src/routes';

/**
 * The API contract, checked from the outside: schemathesis reads /api/docs/openapi.json through the
 * gateway and sends what it describes (its examples, every boundary of every parameter and body, random
 * data, and chains of calls along the document's links) to the whole product, as an admin and as an
 * employee, with every check: no server error, only documented statuses, answers of the documented
 * schemas, schema-valid requests accepted and schema-violating ones refused, 405 for an undeclared
 * method, 401 without the token. What it is told besides the document is in schemathesis.toml, each
 * with its reason. The run's summary is printed, and any failure fails the test with its report.
 */

const CONFIG = join(__dirname, 'schemathesis.toml');
/** Generated cases per operation and phase: about 6,000 requests per identity in three minutes. */
const MAX_EXAMPLES = '5';
/** A fixed seed: the same requests on every run, so that a failure is the code's and replays. */
const SEED = '20261207';

interface Run {
  code: number;
  output: string;
}

function schemathesis(base: string, token: string): Promise<Run> {
  const bin = process.env.SCHEMATHESIS_BIN;
  if (!bin) throw new Error('SCHEMATHESIS_BIN is not set: run through `npm test`, which installs schemathesis');
  const args = [
    '--config-file',
    CONFIG,
    'run',
    `${base}/api/docs/openapi.json`,
    '--url',
    base,
    '--header',
    `Authorization: Bearer ${token}`,
    '--checks',
    'all',
    '--phases',
    'examples,coverage,fuzzing,stateful',
    '--max-examples',
    MAX_EXAMPLES,
    '--seed',
    SEED,
    '--workers',
    '2',
    '--no-color',
  ];
  return new Promise((resolve, reject) => {
    // A real cursor the lists gave out form (see schemathesis.toml, [parameters]).
    const env = { ...process.env, SIXA_PAGE_CURSOR: encodeCursor(new Date(), '65f1c0ffee0000000000abcd') };
    const child = spawn(bin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The run's figures as its summary states them. */
function summaryOf(output: string) {
  const tested = /Tested: (\d+)/.exec(output)?.[1];
  const generated = /(\d+) generated/.exec(output)?.[1];
  // "N generated, N found N unique failures", or when none failed "N generated, N passed".
  const failures =
    /(\d+) unique failures?/.exec(output)?.[1] ?? (/\d+ generated, \d+ passed/.test(output) ? '0' : undefined);
  return {
    tested: Number(tested),
    generated: Number(generated),
    failures: failures === undefined ? NaN : Number(failures),
  };
}

describe('the API contract, by schemathesis through the gateway', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    stack = await startStack({ webClient: false });
    const api = `${stack.url}/api`;
    await http(api, 'POST', '/auth/initialize-default-users');
    for (const [who, email, password] of [
      ['admin', 'admin@sixa.local', 'Admin123!'],
      ['employee', 'employee@sixa.local', 'Employee123!'],
    ]) {
      const res = await http(api, 'POST', '/auth/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`signing in as ${email}: ${res.status}`);
      tokens.set(who!, res.body.access_token as string);
    }
    // The gateway merges the services' documents as they come up: wait until every service is in.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const doc = (await http(stack.url, 'GET', '/api/docs/openapi.json')).body as { paths: Record<string, unknown> };
      const paths = Object.keys(doc.paths ?? {});
      const missing = SERVICES.filter((s) => !paths.some((p) => s.prefixes.some((x) => p.startsWith(`/api${x}`))));
      if (!missing.length) break;
      if (Date.now() > deadline) throw new Error(`not in the document: ${missing.map((s) => s.name).join(', ')}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it.each(['admin', 'employee'])(
    'finds no failure as %s',
    async (who) => {
      const run = await schemathesis(stack.url, tokens.get(who)!);
      const figures = summaryOf(run.output);
      // For the CI log: what was tested, as whom.
      process.stderr.write(
        `[schemathesis] as ${who}: ${figures.tested} operations tested, ${figures.generated} cases generated, ` +
          `${figures.failures} failures (seed ${SEED})\n`,
      );
      if (run.code !== 0 || figures.failures !== 0)
        throw new Error(`schemathesis as ${who}:\n${run.output.slice(-20_000)}`);
      expect(figures.tested).toBeGreaterThan(150);
      expect(figures.generated).toBeGreaterThan(1000);
    },
    15 * 60_000,
  );
});
