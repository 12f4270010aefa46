import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cpuPercent,
  parseProcStat,
  readCpuSnapshot,
  readDisk,
  readMemory,
  readUptimeHours,
  type SystemRoots,
} from './system';

/** A fake /proc and cgroup tree. */
function fixture(files: Record<string, string>): SystemRoots {
  const root = mkdtempSync(join(tmpdir(), 'sysfix-'));
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, content);
  }
  return { proc: join(root, 'proc'), cgroup: join(root, 'cgroup') };
}

const MEMINFO =
  'MemTotal:       16000000 kB\nMemFree:         2000000 kB\nMemAvailable:    4000000 kB\nBuffers:  100 kB\nCached:   200 kB\n';

describe('figures of this machine agree with the operating system tools', () => {
  it('memory % equals what `free` reports as used (total - available) within 1 point', async () => {
    const ours = await readMemory();
    const [, total, , , , , available] = execFileSync('free', ['-b']).toString().split('\n')[1].trim().split(/\s+/);
    const theirs = ((Number(total) - Number(available)) / Number(total)) * 100;
    expect(ours.source).toBe('host'); // no cgroup limit on this machine
    expect(Math.abs(ours.percent - theirs)).toBeLessThan(1);
  });

  it('disk % equals the Use% of `df` within 1 point', async () => {
    const ours = await readDisk(process.cwd());
    const line = execFileSync('df', ['-P', process.cwd()]).toString().trim().split('\n')[1];
    const used = Number(line.trim().split(/\s+/)[4].replace('%', ''));
    // df rounds up to the next whole percent.
    expect(Math.abs(ours.percent - used)).toBeLessThanOrEqual(1);
  });

  it('uptime in hours equals /proc/uptime', async () => {
    const seconds = Number(execFileSync('cat', ['/proc/uptime']).toString().split(' ')[0]);
    expect(Math.abs((await readUptimeHours()) - seconds / 3600)).toBeLessThan(0.01);
  });

  it('CPU % over an interval agrees with the kernel times Node reads for os.cpus()', async () => {
    const busy = spawn(process.execPath, ['-e', 'const end = Date.now() + 3000; while (Date.now() < end) {}']);
    try {
      await new Promise((r) => setTimeout(r, 300));
      const a = await readCpuSnapshot();
      const ca = cpus();
      await new Promise((r) => setTimeout(r, 1500));
      const b = await readCpuSnapshot();
      const cb = cpus();
      const sum = (cs: ReturnType<typeof cpus>, idle: boolean) =>
        cs.reduce((s, c) => s + (idle ? c.times.idle : c.times.user + c.times.nice + c.times.sys + c.times.irq), 0);
      const theirs =
        ((sum(cb, false) - sum(ca, false)) / (sum(cb, false) - sum(ca, false) + sum(cb, true) - sum(ca, true))) * 100;
      const ours = cpuPercent(a, b);
      // One of the two cores is kept busy: at least about half of all CPU time is busy.
      expect(ours).toBeGreaterThan(100 / cpus().length - 15);
      expect(Math.abs(ours - theirs)).toBeLessThan(10);
    } finally {
      busy.kill();
    }
  });
});

describe('container awareness (cgroup fixtures)', () => {
  it('cgroup v2 memory limit: working set (current - inactive_file) over memory.max', async () => {
    const roots = fixture({
      'proc/meminfo': MEMINFO,
      'cgroup/memory.max': '1073741824\n',
      'cgroup/memory.current': '600000000\n',
      'cgroup/memory.stat': 'anon 1\ninactive_file 63129088\nactive_file 5\n',
    });
    const m = await readMemory(roots);
    expect(m.source).toBe('cgroup');
    expect(m.percent).toBe(50); // (600000000 - 63129088) / 2^30 = 0.5000
  });

  it('cgroup v2 without a limit ("max") falls back to the host', async () => {
    const roots = fixture({ 'proc/meminfo': MEMINFO, 'cgroup/memory.max': 'max\n', 'cgroup/memory.current': '5\n' });
    const m = await readMemory(roots);
    expect(m).toMatchObject({ source: 'host', percent: 75 }); // (16e6 - 4e6) / 16e6
  });

  it('cgroup v1: a limit above the host memory is no limit; a real one is used', async () => {
    const huge = fixture({ 'proc/meminfo': MEMINFO, 'cgroup/memory/memory.limit_in_bytes': '9223372036854771712\n' });
    expect((await readMemory(huge)).source).toBe('host');
    const limited = fixture({
      'proc/meminfo': MEMINFO,
      'cgroup/memory/memory.limit_in_bytes': '2000000000\n',
      'cgroup/memory/memory.usage_in_bytes': '600000000\n',
      'cgroup/memory/memory.stat': 'total_inactive_file 100000000\n',
    });
    expect(await readMemory(limited)).toMatchObject({ source: 'cgroup', percent: 25 });
  });

  it('cgroup v2 CPU: usage over the quota (1.5 CPUs)', async () => {
    const roots = fixture({
      'proc/stat': 'cpu  1 2 3 4 5 6 7 8 0 0\n',
      'cgroup/cpu.max': '150000 100000\n',
      'cgroup/cpu.stat': 'usage_usec 1000000\n',
    });
    const a = await readCpuSnapshot(roots, 0);
    writeFileSync(join(roots.cgroup, 'cpu.stat'), 'usage_usec 1750000\n');
    const b = await readCpuSnapshot(roots, 1000);
    // 0.75 CPU-seconds in 1 s against a limit of 1.5 CPUs.
    expect(cpuPercent(a, b)).toBe(50);
  });

  it('cgroup v1 CPU quota with cpuacct usage in nanoseconds', async () => {
    const roots = fixture({
      'proc/stat': 'cpu  1 2 3 4\n',
      'cgroup/cpu/cpu.cfs_quota_us': '200000\n',
      'cgroup/cpu/cpu.cfs_period_us': '100000\n',
      'cgroup/cpuacct/cpuacct.usage': '0\n',
    });
    const a = await readCpuSnapshot(roots, 0);
    writeFileSync(join(roots.cgroup, 'cpuacct', 'cpuacct.usage'), '500000000\n');
    const b = await readCpuSnapshot(roots, 1000);
    expect(cpuPercent(a, b)).toBe(25);
  });

  it('host CPU from /proc/stat: iowait counts as idle, steal as busy', () => {
    const a = parseProcStat('cpu  100 0 100 700 100 0 0 0 0 0\ncpu0 1 2 3');
    const b = parseProcStat('cpu  200 0 150 900 150 0 0 50 0 0\n');
    expect(
      cpuPercent({ at: 0, source: 'host', limitCpus: 0, ...a }, { at: 1, source: 'host', limitCpus: 0, ...b }),
    ).toBe(44.4); // busy +200 (user 100, system 50, steal 50) of +450 (idle 200 and iowait 50 more)
  });
});
