// `npm run bench -- sync`: BENCH_CONTACTS (default 10,000) sandbox contacts synced into leads through
// the product as staff would (an API-key connection, a manual sync), on the local default engine.
// Prints the time, records/s and the integrations process's peak memory (VmHWM), then a second run
// (incremental: nothing new) and a third after BENCH_TOUCH (default 100) contacts changed.
'use strict';
const fs = require('node:fs');
const { log, withStack, signIn } = require('./bench');

/** The peak resident memory of the process running `entry` (Linux /proc), in MB. */
function peakMb(entry) {
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes(entry)) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      return hwm ? Math.round(Number(hwm[1]) / 1024) : null;
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

async function sync() {
  const contacts = Number(process.env.BENCH_CONTACTS || 10_000);
  const touch = Number(process.env.BENCH_TOUCH || 100);
  process.env.SANDBOX_CONTACTS = String(contacts);
  await withStack(async ({ stack }) => {
    const api = `${stack.url}/api`;
    const token = await signIn(stack.url, 'admin@sixa.local', 'Admin123!');
    const call = async (method, path, body) => {
      const res = await fetch(`${api}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
      return { body: text ? JSON.parse(text) : null, headers: res.headers };
    };
    const leads = async () => Number((await call('GET', '/leads?limit=1')).headers.get('x-total-count'));
    await call('POST', '/integrations/initialize-sample-data');
    const connection = (
      await call('POST', '/integrations/api-key-connection', {
        platform_id: 'sandbox-marketing',
        connection_name: 'Bench',
        api_key: 'sbx_demo_key_0001',
      })
    ).body;
    const run = async (label) => {
      const before = await leads();
      const started = Date.now();
      const job = (
        await call('POST', '/integrations/sync-jobs', { connection_id: connection.id, data_type: 'contacts' })
      ).body;
      let j = job;
      while (j.status === 'pending' || j.status === 'in_progress') {
        await new Promise((r) => setTimeout(r, 250));
        j = (await call('GET', `/integrations/sync-jobs/${job.id}`)).body;
      }
      const secs = (Date.now() - started) / 1000;
      const after = await leads();
      const figures = {
        run: label,
        status: j.status,
        seconds: +secs.toFixed(1),
        records_processed: j.records_processed,
        records_success: j.records_success,
        records_per_s: j.records_processed ? Math.round(j.records_processed / secs) : 0,
        leads_made: after - before,
        integrations_peak_rss_mb: peakMb('services/integrations/dist/main.js'),
      };
      log(JSON.stringify(figures));
      return figures;
    };
    const rows = [await run(`first (${contacts} contacts)`), await run('second (nothing changed)')];
    // The sample platform's website is the sandbox provider itself: change some contacts there.
    const platform = (await call('GET', '/integrations/platforms')).body.find((p) => p.id === 'sandbox-marketing');
    await fetch(`${platform.website_url}/sandbox/control/touch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'contacts', count: touch }),
    });
    rows.push(await run(`third (${touch} contacts changed)`));
    console.table(rows);
  });
}

module.exports = { sync };
