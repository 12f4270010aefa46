#!/usr/bin/env node
// `npm run contracts`: writes libs/contracts/asyncapi.json, the AsyncAPI 3.0 document of every topic
// and event type, from the event map (libs/contracts/src/asyncapi/generate.ts). Its version follows
// what changed (libs/contracts/src/asyncapi/compatibility.ts): the same when nothing did, the patch for
// descriptions, the minor for a compatible change. A change that breaks consumers is refused unless
// given `--breaking` (`npm run contracts -- --breaking`), which makes a new major version.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./build');

const log = (m) => process.stderr.write(`[contracts] ${m}\n`);

function main(args) {
  const unknown = args.filter((a) => a !== '--breaking');
  if (unknown.length) throw new Error(`unknown argument ${unknown.join(' ')} (only --breaking)`);
  const breakingWanted = args.includes('--breaking');
  // The generator runs from the compiled contracts (it reads the types from their sources).
  const built = spawnSync('npx', ['tsc', '-b', 'libs/contracts'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('libs/contracts does not compile');
  const { generateAsyncApi, formatAsyncApi } = require('../libs/contracts/dist/asyncapi/generate');
  const { nextVersion } = require('../libs/contracts/dist/asyncapi/compatibility');
  const { ASYNCAPI_DOCUMENT_PATH } = require('../libs/contracts/dist/asyncapi/document');
  const file = path.relative(ROOT, ASYNCAPI_DOCUMENT_PATH);

  const committed = fs.existsSync(ASYNCAPI_DOCUMENT_PATH)
    ? JSON.parse(fs.readFileSync(ASYNCAPI_DOCUMENT_PATH, 'utf8'))
    : null;
  const generated = generateAsyncApi(committed ? committed.info.version : '1.0.0');
  const decision = nextVersion(committed, generated, { breaking: breakingWanted });
  if (!decision.ok) {
    log(`${file} not written: ${decision.reason}`);
    for (const change of decision.breaking) log(`  ${change}`);
    return 1;
  }
  generated.info.version = decision.version;
  fs.writeFileSync(ASYNCAPI_DOCUMENT_PATH, formatAsyncApi(generated));
  const was = committed ? committed.info.version : 'none';
  const counts = `${Object.keys(generated.channels).length} topics, ${Object.keys(generated.components.messages).length} event types`;
  log(`${file}: version ${decision.version} (was ${was}), ${counts}`);
  if (breakingWanted) for (const change of decision.breaking) log(`  breaking: ${change}`);
  return 0;
}

try {
  process.exit(main(process.argv.slice(2)));
} catch (e) {
  log(e.stack || e.message);
  process.exit(1);
}
