import { METRIC_LABELS, type MetricKey } from '../samples/sample-metrics';
import type { Sample } from '../samples/samples.repository';
import { describeDuration, forecastDisk, HOUR_MS, mean, metricTrend, r1 } from '../samples/trends';
import type { Rule } from './rules';

/** The likely cause of a rule's alert, in words, from the samples of the last hour (oldest first). */
export function explainAlert(rule: Rule, target: string, recent: Sample[]): string {
  const latest = recent[recent.length - 1];
  if (!latest) return 'No samples to explain this alert with.';
  const before = recent.slice(0, Math.max(0, recent.length - (rule.for + 1)));
  const baseline = (m: MetricKey) => {
    const xs = before.map((s) => s[m]).filter((v): v is number => typeof v === 'number');
    return xs.length ? r1(mean(xs)) : null;
  };
  const trend = (m: MetricKey) => metricTrend(recent, m);
  const context = `At the time: CPU ${latest.cpu_usage}%, memory ${latest.memory_usage}%, disk ${latest.disk_usage}%, ${latest.api_response_time === null ? 'no API traffic to time' : `API p95 ${latest.api_response_time} ms`}, probe latency ${latest.network_latency === null ? 'unknown (no target answered)' : `${latest.network_latency} ms`}.`;

  if (rule.kind === 'unreachable') {
    const probe = latest.probes.find((p) => p.target === target);
    const others = latest.probes.filter((p) => p.target !== target);
    const othersOk = others.length > 0 && others.every((p) => p.ok);
    const downFor = [...recent].reverse().findIndex((s) => !s.probes.some((p) => p.target === target && !p.ok));
    const samplesDown = downFor === -1 ? recent.length : downFor;
    return [
      `${target} has not answered for ${samplesDown} consecutive samples${probe?.error ? ` (last error: ${probe.error})` : ''}.`,
      othersOk
        ? `Every other target answers, so the network is fine: ${target} itself is down, restarting or overloaded. Check its process or pod and its logs.`
        : `Other targets fail too (${
            others
              .filter((p) => !p.ok)
              .map((p) => p.target)
              .join(', ') || 'none probed'
          }): suspect the network or a shared dependency.`,
      context,
    ].join(' ');
  }

  const m = rule.metric;
  const label = METRIC_LABELS[m];
  const base = baseline(m);
  const head = `${label.name} is ${latest[m]}${label.unit}, above ${rule.above}${label.unit} for ${rule.for} sample(s)${base !== null ? `, against ${base}${label.unit} earlier in the hour` : ''}.`;
  let cause: string;
  switch (m) {
    case 'cpu_usage':
      cause =
        trend('api_response_time').trend === 'rising'
          ? 'API response times rose with it: request load is the likely cause; scale out the busiest service.'
          : 'API response times did not rise with it: a job or process not driven by API traffic is the likely cause; look at the busiest processes.';
      break;
    case 'memory_usage':
      cause =
        trend('memory_usage').trend === 'rising'
          ? "Memory has climbed steadily over the hour: a leak or an unbounded cache is likely; compare the processes' resident sizes."
          : 'Memory jumped rather than climbed: a large job or import is the likely cause.';
      break;
    case 'disk_usage': {
      const f = forecastDisk(recent, latest.at, HOUR_MS);
      cause =
        f?.hours_to_full != null
          ? `It grows by ${f.rate_per_hour}%/h: full in about ${describeDuration(f.hours_to_full)}. Free space or grow the volume.`
          : 'It is not growing right now: free space before the next growth.';
      break;
    }
    case 'api_response_time': {
      const slowest = [...latest.probes]
        .filter((p) => p.ok)
        .sort((a, b) => (b.latency_ms ?? 0) - (a.latency_ms ?? 0))[0];
      cause =
        latest.cpu_usage > 85
          ? 'CPU is saturated at the same time: the services are short of CPU.'
          : slowest
            ? `CPU is not saturated; the slowest dependency is ${slowest.target} (${slowest.latency_ms} ms): look there first.`
            : 'CPU is not saturated: look for a slow dependency or a slow route.';
      break;
    }
    default: {
      const slowest = [...latest.probes]
        .filter((p) => p.ok)
        .sort((a, b) => (b.latency_ms ?? 0) - (a.latency_ms ?? 0))[0];
      cause = slowest ? `The slowest target is ${slowest.target} (${slowest.latency_ms} ms).` : 'No target answered.';
    }
  }
  return `${head} ${cause} ${context}`;
}
