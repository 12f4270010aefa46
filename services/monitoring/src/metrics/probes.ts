import type { ProbeResult } from '@sixa/contracts';

/** One thing to probe: a name and a check that resolves when the target answered. */
export interface Probe {
  target: string;
  check: (signal: AbortSignal) => Promise<void>;
}

/** Runs the check with a deadline and times it. A failed or late check is an unreachable target. */
export async function runProbe(probe: Probe, timeoutMs: number): Promise<ProbeResult> {
  const controller = new AbortController();
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe.check(controller.signal),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new Error(`no answer within ${timeoutMs} ms`));
        }, timeoutMs);
      }),
    ]);
    return { target: probe.target, ok: true, latency_ms: Math.round((performance.now() - started) * 10) / 10 };
  } catch (e) {
    return { target: probe.target, ok: false, latency_ms: null, error: e instanceof Error ? e.message : String(e) };
  } finally {
    clearTimeout(timer);
  }
}

/** A service's liveness endpoint: GET <base>/health must answer 2xx. */
export function httpHealthProbe(target: string, baseUrl: string): Probe {
  const url = `${baseUrl.replace(/\/$/, '')}/health`;
  return {
    target,
    check: async (signal) => {
      const res = await fetch(url, { signal });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    },
  };
}

/** Mean round trip of the probes that answered (ms, one decimal); null when none did. */
export function meanLatency(results: ProbeResult[]): number | null {
  const ok = results.filter((r) => r.ok && r.latency_ms !== null).map((r) => r.latency_ms!);
  if (ok.length === 0) return null;
  return Math.round((ok.reduce((a, b) => a + b, 0) / ok.length) * 10) / 10;
}

/** `name=url,name=url` (PROBE_TARGETS) into probe targets. */
export function parseTargets(value: string): Array<{ target: string; url: string }> {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq <= 0) throw new Error(`"${pair}" is not name=url`);
      const url = pair.slice(eq + 1);
      new URL(url);
      return { target: pair.slice(0, eq), url };
    });
}
