import { ConfigError, EnvReader } from './config';
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

describe(detailOf.name, () => {
  it('turns every Nest error shape into one sentence', () => {
    expect(detailOf('plain', 'f')).toBe('plain');
    expect(detailOf({ detail: 'd' }, 'f')).toBe('d');
    expect(detailOf({ message: ['a', 'b'] }, 'f')).toBe('a; b');
    expect(detailOf({ message: 'm' }, 'f')).toBe('m');
    expect(detailOf(undefined, 'f')).toBe('f');
  });
});
