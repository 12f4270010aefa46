import type { Sample } from '../src/samples/samples.repository';

/** A healthy sample, with `over` applied. */
export function sample(over: Partial<Sample> = {}, at = new Date()): Sample {
  return {
    at,
    cpu_usage: 20,
    memory_usage: 40,
    disk_usage: 50,
    network_latency: 5,
    api_response_time: 80,
    uptime: 10,
    overall_health: 'healthy',
    probes: [{ target: 'kafka', ok: true, latency_ms: 3 }],
    ...over,
  };
}
