/** A configuration variable is missing or malformed; the message names it. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/**
 * Reads configuration from the environment once, at start-up. Each reader names the variable in its
 * error, so a bad deployment stops with a message saying what to fix.
 */
export class EnvReader {
  constructor(private readonly env: Env = process.env) {}

  str(name: string, fallback?: string): string {
    const v = this.env[name];
    if (v !== undefined && v !== '') return v;
    if (fallback === undefined) throw new ConfigError(`${name} is required`);
    return fallback;
  }

  optional(name: string): string | undefined {
    const v = this.env[name];
    return v === undefined || v === '' ? undefined : v;
  }

  int(name: string, fallback: number, { min = -Infinity, max = Infinity } = {}): number {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
    }
    return n;
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    throw new ConfigError(`${name} must be true or false, got "${raw}"`);
  }

  list(name: string, fallback: string[]): string[] {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    return raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }

  url(name: string, fallback?: string): string {
    const v = this.str(name, fallback);
    try {
      new URL(v);
    } catch {
      throw new ConfigError(`${name} must be a URL, got "${v}"`);
    }
    return v.replace(/\/+$/, '');
  }
}

/** Runs a process's start-up, turning a configuration error into one clear line and exit code 78. */
export function exitOnConfigError(e: unknown): never {
  if (e instanceof ConfigError) {
    process.stderr.write(`configuration error: ${e.message}\n`);
    process.exit(78);
  }
  throw e;
}
