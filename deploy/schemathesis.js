// schemathesis (PyPI), the API contract test's generator of requests: installed once in a virtual
// environment of its own under .cache/ (python3 with venv and pip; Debian: python3-venv), so the
// machine's Python stays as it is. `npm test` calls ensureSchemathesis() before the run and passes
// the executable to the test as SCHEMATHESIS_BIN.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./build');

const VERSION = '4.32.5';
const DIR = path.join(ROOT, '.cache', `schemathesis-${VERSION}`);
const BIN = path.join(DIR, 'bin', 'schemathesis');

/** The schemathesis executable, installed first when missing; null (said why) when it cannot be. */
function ensureSchemathesis({ log }) {
  if (fs.existsSync(BIN)) return BIN;
  log(`installing schemathesis ${VERSION} from PyPI into ${path.relative(ROOT, DIR)} (once; under a minute)...`);
  const started = Date.now();
  const run = (cmd, args) => spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  fs.rmSync(DIR, { recursive: true, force: true });
  const steps = [
    ['python3', ['-m', 'venv', DIR]],
    [path.join(DIR, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${VERSION}`]],
  ];
  for (const [cmd, args] of steps) {
    const r = run(cmd, args);
    if (r.status !== 0) {
      const why = r.error ? r.error.message : `exit ${r.status}: ${(r.stderr || '').trim().slice(-400)}`;
      log(`${path.basename(cmd)} ${args[0]} failed (${why}); the API contract test will fail until it installs`);
      fs.rmSync(DIR, { recursive: true, force: true });
      return null;
    }
  }
  log(`schemathesis ${VERSION} installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return BIN;
}

module.exports = { ensureSchemathesis, SCHEMATHESIS_VERSION: VERSION };
