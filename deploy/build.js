// Builds what is out of date: the server workspaces (tsc -b is incremental) and the web client
// (vite, skipped when web/dist is newer than every source file).
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

function step(label, cmd, args, cwd = ROOT) {
  process.stderr.write(`[build] ${label}...\n`);
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${label} failed`);
}

/**
 * A fresh clone has no node_modules: install the locked packages first (npm install rather than
 * npm ci, see .ci/run), and again when package-lock.json is newer than the installed tree.
 */
function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  step('installing the npm packages (first run)', 'npm', ['install', '--no-audit', '--no-fund']);
}

function build({ web = true } = {}) {
  ensureInstalled();
  step('type-checking and compiling the services and the gateway', 'npx', ['tsc', '-b', 'tsconfig.build.json']);
  if (!web) return;
  const index = path.join(ROOT, 'web', 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'web')),
    newestMtime(path.join(ROOT, 'libs', 'contracts', 'src')),
  );
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs > sources) return;
  step('building the web client', 'npx', ['vite', 'build', '--logLevel', 'warn'], path.join(ROOT, 'web'));
}

module.exports = { build, ensureInstalled, ROOT };

if (require.main === module) {
  try {
    build();
  } catch (e) {
    process.stderr.write(`${e.message}\n`);
    process.exit(1);
  }
}
