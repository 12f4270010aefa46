// The documents service's local converters: LibreOffice (docx, xlsx, txt to PDF) and Chromium (html),
// Debian's packages. `npm start` and `npm test` install the missing ones with apt-get when they can (as
// root on Debian/Ubuntu; SIXA_INSTALL_CONVERTERS=0 turns that off); otherwise they say what to run,
// and POST /api/documents/convert answers 503 naming the missing tool for the formats that need it.
// With GOTENBERG_URL set the service converts with Gotenberg and needs neither.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

/**
 * Debian bookworm: `soffice` able to open docx and xlsx, with fonts metric-compatible with Calibri,
 * Arial and Times so that documents keep their layout (about 97 MB to fetch, 300 MB installed), and Chromium.
 */
const TOOLS = [
  {
    name: 'LibreOffice',
    configured: 'SOFFICE_PATH',
    binaries: ['soffice', 'libreoffice'],
    packages: ['libreoffice-writer-nogui', 'libreoffice-calc-nogui', 'fonts-liberation2', 'fonts-crosextra-carlito'],
  },
  {
    name: 'Chromium',
    configured: 'CHROMIUM_PATH',
    binaries: ['chromium', 'chromium-browser'],
    packages: ['chromium'],
  },
];

/** What the tests need besides: pdftotext reads the signed PDFs' text as a person would see it. */
const TEST_TOOLS = [
  { name: 'pdftotext', configured: 'PDFTOTEXT_PATH', binaries: ['pdftotext'], packages: ['poppler-utils'] },
];

function executable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(names, env) {
  const dirs = (env.PATH || '').split(path.delimiter).filter(Boolean);
  return dirs.some((d) => names.some((n) => executable(path.join(d, n))));
}

function missingConverters(env = process.env, tests = false) {
  const tools = [...(env.GOTENBERG_URL ? [] : TOOLS), ...(tests ? TEST_TOOLS : [])];
  return tools.filter((t) => !(env[t.configured] ? executable(env[t.configured]) : onPath(t.binaries, env)));
}

/**
 * Installs the missing converters (and with `tests`, the tools the tests read PDFs with) when this process may (root, apt-get present); never throws: a
 * machine without them still starts, and the conversion route says what is missing.
 */
function ensureConverters({ log, env = process.env, tests = false }) {
  const missing = missingConverters(env, tests);
  if (missing.length === 0) return true;
  const packages = missing.flatMap((t) => t.packages);
  const command = `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  const names = missing.map((t) => t.name).join(' and ');
  const mayInstall =
    env.SIXA_INSTALL_CONVERTERS !== '0' &&
    typeof process.getuid === 'function' &&
    process.getuid() === 0 &&
    onPath(['apt-get'], env);
  if (!mayInstall) {
    log(
      `${names} not found: document conversion answers 503 for the formats that need it until you install ` +
        `${missing.length > 1 ? 'them' : 'it'} (as root: ${command}) or set GOTENBERG_URL`,
    );
    return false;
  }
  log(`installing ${packages.join(' ')} from Debian for document conversion (once; under a minute)...`);
  const started = Date.now();
  const apt = (args) =>
    spawnSync('apt-get', args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  const steps = [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...packages],
  ];
  for (const args of steps) {
    const r = apt(args);
    if (r.status !== 0) {
      log(
        `apt-get ${args[0]} failed (${r.error ? r.error.message : `exit ${r.status}`}): ${(r.stderr || '').trim().slice(-500)}`,
      );
      log(`document conversion answers 503 for the formats that need ${names}; install by hand: ${command}`);
      return false;
    }
  }
  log(`${packages.join(' ')} installed in ${Math.round((Date.now() - started) / 1000)} s`);
  const still = missingConverters(env, tests);
  if (still.length > 0) {
    log(
      `${still.map((t) => `${t.name} (${env[t.configured] ? `${t.configured}=${env[t.configured]}` : 'PATH'})`).join(' and ')} still not found`,
    );
  }
  return still.length === 0;
}

module.exports = { ensureConverters, missingConverters };

if (require.main === module) {
  process.exit(ensureConverters({ log: (m) => process.stderr.write(`[converters] ${m}\n`) }) ? 0 : 1);
}
