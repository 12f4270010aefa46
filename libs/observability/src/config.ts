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

/** The address `npm start` prints (the gateway on its default port, by the name browsers use for this machine). */
export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';

/**
 * PUBLIC_URL: the one address people reach the product at (the gateway, which serves the web client
 * and /api), read the same way by every process. Every link that leaves the product is built on it:
 * quote links, signing links, share links, calendar feeds, OAuth redirect URIs, password-reset links.
 * The default is the address `npm start` prints; the launcher passes it on (deploy/launch.js).
 *
 * `legacy`: the variables a service read before (PUBLIC_BASE_URL, WEB_BASE_URL), still accepted in its
 * place so that existing deployments keep working; when several are set they must name the same
 * address, or the process stops: links opening on two addresses is the mistake this prevents.
 */
export function readPublicUrl(r: EnvReader, legacy: readonly string[] = []): string {
  const given = ['PUBLIC_URL', ...legacy]
    .filter((name) => r.optional(name) !== undefined)
    .map((name) => ({ name, url: r.url(name) }));
  if (new Set(given.map((g) => g.url)).size > 1) {
    throw new ConfigError(
      `${given.map((g) => `${g.name}=${g.url}`).join(' and ')} differ: every link must open on one address; set PUBLIC_URL only`,
    );
  }
  const { name, url } = given[0] ?? { name: 'PUBLIC_URL', url: DEFAULT_PUBLIC_URL };
  const parsed = new URL(url);
  if (!/^https?:$/.test(parsed.protocol) || parsed.pathname !== '/' || parsed.search || parsed.hash) {
    throw new ConfigError(
      `${name} must be the product's address, http(s)://host[:port] with nothing after it (like https://sixa.example.com), got "${url}"`,
    );
  }
  return parsed.origin;
}
