import { readFile, statfs } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Host and container resource figures, read the way `top`, `free` and `df` read them: /proc for the
 * host, the cgroup files when the process runs under a CPU or memory limit (a container), statfs for
 * the data volume. Every reader takes its roots so that tests can point it at fixture files.
 */
export interface SystemRoots {
  proc: string;
  cgroup: string;
}

export const DEFAULT_ROOTS: SystemRoots = { proc: '/proc', cgroup: '/sys/fs/cgroup' };

const round1 = (n: number) => Math.round(n * 10) / 10;
const clampPct = (n: number) => Math.min(100, Math.max(0, n));

async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

/** A number from a cgroup file; null for 'max', a missing file or v1's "no limit" huge values. */
function limitValue(text: string | null): number | null {
  if (text === null) return null;
  const t = text.trim();
  if (t === 'max' || t === '' || t === '-1') return null;
  const n = Number(t);
  // cgroup v1 writes 9223372036854771712 (page-rounded INT64_MAX) for "no limit".
  if (!Number.isFinite(n) || n <= 0 || n > 2 ** 60) return null;
  return n;
}

/** A cumulative counter (0 is a valid value); null when missing or not a number. */
function counterValue(text: string | null): number | null {
  const n = text === null ? NaN : Number(text.trim());
  return Number.isFinite(n) && n >= 0 ? n : null;
}

// ---------- memory ----------

export interface MemoryReading {
  usedBytes: number;
  totalBytes: number;
  percent: number;
  source: 'cgroup' | 'host';
}

export function parseMeminfo(text: string): { total: number; available: number } {
  const kb = (key: string) => {
    const m = new RegExp(`^${key}:\\s+(\\d+)\\s*kB`, 'm').exec(text);
    return m ? Number(m[1]) * 1024 : null;
  };
  const total = kb('MemTotal');
  if (total === null) throw new Error('meminfo has no MemTotal');
  // MemAvailable (kernel >= 3.14) is what `free` calls "available"; older kernels: free + cache.
  const available = kb('MemAvailable') ?? (kb('MemFree') ?? 0) + (kb('Buffers') ?? 0) + (kb('Cached') ?? 0);
  return { total, available };
}

/** The value of `key` in a cgroup stat file (`key value` per line). */
export function statField(text: string | null, key: string): number | null {
  if (!text) return null;
  const m = new RegExp(`^${key}\\s+(\\d+)`, 'm').exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * Memory in use. Under a cgroup limit: the working set (usage minus inactive file cache), over the
 * limit, as the kubelet and `docker stats` count it. Otherwise: MemTotal - MemAvailable of the host.
 */
export async function readMemory(roots: SystemRoots = DEFAULT_ROOTS): Promise<MemoryReading> {
  const v2Limit = limitValue(await readText(join(roots.cgroup, 'memory.max')));
  if (v2Limit !== null) {
    const usage = counterValue(await readText(join(roots.cgroup, 'memory.current'))) ?? 0;
    const inactive = statField(await readText(join(roots.cgroup, 'memory.stat')), 'inactive_file') ?? 0;
    return cgroupMemory(Math.max(0, usage - inactive), v2Limit);
  }
  const v1Limit = limitValue(await readText(join(roots.cgroup, 'memory', 'memory.limit_in_bytes')));
  if (v1Limit !== null) {
    const host = parseMeminfo((await readText(join(roots.proc, 'meminfo'))) ?? '');
    // A v1 "limit" above the host's memory is no limit at all.
    if (v1Limit < host.total) {
      const usage = counterValue(await readText(join(roots.cgroup, 'memory', 'memory.usage_in_bytes'))) ?? 0;
      const inactive =
        statField(await readText(join(roots.cgroup, 'memory', 'memory.stat')), 'total_inactive_file') ?? 0;
      return cgroupMemory(Math.max(0, usage - inactive), v1Limit);
    }
  }
  const text = await readText(join(roots.proc, 'meminfo'));
  if (text === null) throw new Error(`cannot read ${join(roots.proc, 'meminfo')}`);
  const { total, available } = parseMeminfo(text);
  const used = total - available;
  return { usedBytes: used, totalBytes: total, percent: round1(clampPct((used / total) * 100)), source: 'host' };
}

function cgroupMemory(used: number, limit: number): MemoryReading {
  return { usedBytes: used, totalBytes: limit, percent: round1(clampPct((used / limit) * 100)), source: 'cgroup' };
}

// ---------- CPU ----------

/** Cumulative CPU time: busy and total (host jiffies), or used microseconds (cgroup). */
export interface CpuSnapshot {
  at: number;
  source: 'cgroup' | 'host';
  busy: number;
  total: number;
  /** CPUs the cgroup may use (quota / period); 0 for the host. */
  limitCpus: number;
}

/** Busy and total jiffies from the aggregate `cpu` line of /proc/stat (idle and iowait are idle). */
export function parseProcStat(text: string): { busy: number; total: number } {
  const line = text.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) throw new Error('/proc/stat has no cpu line');
  // user nice system idle iowait irq softirq steal guest guest_nice; guest time is already in user.
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const idleAll = idle + iowait;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idleAll };
}

/** CPUs a cgroup may use: v2 `cpu.max` ("quota period" or "max period"), v1 cfs quota and period. */
export async function cgroupCpuLimit(roots: SystemRoots): Promise<{ cpus: number; version: 1 | 2 } | null> {
  const v2 = await readText(join(roots.cgroup, 'cpu.max'));
  if (v2 !== null) {
    const [quota, period] = v2.trim().split(/\s+/);
    const q = limitValue(quota);
    const p = Number(period);
    return q !== null && p > 0 ? { cpus: q / p, version: 2 } : null;
  }
  const q = limitValue(await readText(join(roots.cgroup, 'cpu', 'cpu.cfs_quota_us')));
  const p = Number((await readText(join(roots.cgroup, 'cpu', 'cpu.cfs_period_us')))?.trim());
  return q !== null && p > 0 ? { cpus: q / p, version: 1 } : null;
}

const nanosToMicros = (ns: number | null) => (ns === null ? null : ns / 1000);

export async function readCpuSnapshot(roots: SystemRoots = DEFAULT_ROOTS, now = Date.now()): Promise<CpuSnapshot> {
  const limit = await cgroupCpuLimit(roots);
  if (limit) {
    const busyUs =
      limit.version === 2
        ? statField(await readText(join(roots.cgroup, 'cpu.stat')), 'usage_usec')
        : nanosToMicros(counterValue(await readText(join(roots.cgroup, 'cpuacct', 'cpuacct.usage'))));
    if (busyUs !== null) return { at: now, source: 'cgroup', busy: busyUs, total: 0, limitCpus: limit.cpus };
  }
  const text = await readText(join(roots.proc, 'stat'));
  if (text === null) throw new Error(`cannot read ${join(roots.proc, 'stat')}`);
  return { at: now, source: 'host', ...parseProcStat(text), limitCpus: 0 };
}

/** CPU % between two snapshots: of all host CPUs, or of the cgroup's CPU limit. */
export function cpuPercent(prev: CpuSnapshot, next: CpuSnapshot): number {
  if (prev.source !== next.source) return 0;
  if (next.source === 'cgroup') {
    const wallUs = (next.at - prev.at) * 1000;
    if (wallUs <= 0 || next.limitCpus <= 0) return 0;
    return round1(clampPct(((next.busy - prev.busy) / (wallUs * next.limitCpus)) * 100));
  }
  const total = next.total - prev.total;
  if (total <= 0) return 0;
  return round1(clampPct(((next.busy - prev.busy) / total) * 100));
}

// ---------- disk and uptime ----------

export interface DiskReading {
  usedBytes: number;
  totalBytes: number;
  percent: number;
}

/** Like `df`: used = blocks - free, percent = used / (used + available to unprivileged users). */
export async function readDisk(path: string): Promise<DiskReading> {
  const s = await statfs(path);
  const used = (s.blocks - s.bfree) * s.bsize;
  const avail = s.bavail * s.bsize;
  const denominator = used + avail;
  return {
    usedBytes: used,
    totalBytes: s.blocks * s.bsize,
    percent: denominator > 0 ? round1((used / denominator) * 100) : 0,
  };
}

/** Hours since the machine (the node, in a container) started, from /proc/uptime. */
export async function readUptimeHours(roots: SystemRoots = DEFAULT_ROOTS): Promise<number> {
  const text = await readText(join(roots.proc, 'uptime'));
  const seconds = text ? Number(text.trim().split(/\s+/)[0]) : NaN;
  if (!Number.isFinite(seconds)) throw new Error(`cannot read ${join(roots.proc, 'uptime')}`);
  return Math.round((seconds / 3600) * 100) / 100;
}
