import { ConfigError, DEFAULT_PUBLIC_URL, EnvReader, readPublicUrl } from './config';
import { detailOf } from './exception.filter';

describe(EnvReader.name, () => {
  it('reads values and falls back to defaults', () => {
    const r = new EnvReader({ PORT: '8081', DEMO_MODE: 'false', BROKERS: 'a:1, b:2' });
    expect(r.int('PORT', 1)).toBe(8081);
    expect(r.bool('DEMO_MODE', true)).toBe(false);
    expect(r.list('BROKERS', [])).toEqual(['a:1', 'b:2']);
    expect(r.str('MISSING', 'x')).toBe('x');
  });

  it('names the variable that is wrong', () => {
    const r = new EnvReader({ PORT: 'eighty', DEMO_MODE: 'maybe', URL: 'nope' });
    expect(() => r.int('PORT', 1, { min: 0, max: 65535 })).toThrow(
      new ConfigError('PORT must be an integer between 0 and 65535, got "eighty"'),
    );
    expect(() => r.bool('DEMO_MODE', true)).toThrow(/DEMO_MODE must be true or false/);
    expect(() => r.url('URL')).toThrow(/URL must be a URL/);
    expect(() => r.str('REQUIRED')).toThrow('REQUIRED is required');
  });
});

describe(readPublicUrl.name, () => {
  const read = (env: Record<string, string>, legacy: string[] = []) => readPublicUrl(new EnvReader(env), legacy);

  it('defaults to the address npm start prints', () => {
    expect(DEFAULT_PUBLIC_URL).toBe('http://localhost:8080');
    expect(read({})).toBe('http://localhost:8080');
  });

  it('takes PUBLIC_URL as an origin, without a trailing slash', () => {
    expect(read({ PUBLIC_URL: 'https://Sixa.Example.com/' })).toBe('https://sixa.example.com');
    expect(read({ PUBLIC_URL: 'http://10.0.0.5:9090' })).toBe('http://10.0.0.5:9090');
  });

  it('accepts an older variable in its place, and stops when two name different addresses', () => {
    expect(read({ PUBLIC_BASE_URL: 'https://sixa.example.com' }, ['PUBLIC_BASE_URL'])).toBe('https://sixa.example.com');
    expect(
      read({ PUBLIC_URL: 'https://a.example', WEB_BASE_URL: 'https://a.example/' }, [
        'PUBLIC_BASE_URL',
        'WEB_BASE_URL',
      ]),
    ).toBe('https://a.example');
    expect(() =>
      read({ PUBLIC_BASE_URL: 'http://localhost:8080', WEB_BASE_URL: 'http://127.0.0.1:8080' }, [
        'PUBLIC_BASE_URL',
        'WEB_BASE_URL',
      ]),
    ).toThrow(
      new ConfigError(
        'PUBLIC_BASE_URL=http://localhost:8080 and WEB_BASE_URL=http://127.0.0.1:8080 differ: every link must open on one address; set PUBLIC_URL only',
      ),
    );
  });

  it('names what is wrong with an address that is not an origin', () => {
    expect(() => read({ PUBLIC_URL: 'sixa.example.com' })).toThrow(/PUBLIC_URL must be a URL/);
    expect(() => read({ PUBLIC_URL: 'https://sixa.example.com/app' })).toThrow(
      /PUBLIC_URL must be the product's address, http\(s\):\/\/host\[:port\] with nothing after it/,
    );
    expect(() => read({ PUBLIC_URL: 'ftp://sixa.example.com' })).toThrow(/must be the product's address/);
  });
});

describe(detailOf.name, () => {
  it('turns every Nest error shape into one sentence', () => {
    expect(detailOf('plain', 'f')).toBe('plain');
    expect(detailOf({ detail: 'd' }, 'f')).toBe('d');
    expect(detailOf({ message: ['a', 'b'] }, 'f')).toBe('a; b');
    expect(detailOf({ message: 'm' }, 'f')).toBe('m');
    expect(detailOf(undefined, 'f')).toBe('f');
  });
});
