import { DEFAULT_SECURITY_RULES, passwordProblems } from './settings';

describe('passwordProblems', () => {
  const strict = {
    ...DEFAULT_SECURITY_RULES,
    password_min_length: 12,
    password_require_uppercase: true,
    password_require_numbers: true,
    password_require_symbols: true,
  };

  it('allows what the defaults allowed (8 characters, nothing else)', () => {
    expect(passwordProblems('abcdefgh', DEFAULT_SECURITY_RULES)).toEqual([]);
    expect(passwordProblems('abcdefg', DEFAULT_SECURITY_RULES)).toEqual(['at least 8 characters']);
  });

  it('names every rule broken, counting characters rather than UTF-16 units', () => {
    expect(passwordProblems('plain', strict)).toEqual([
      'at least 12 characters',
      'an upper-case letter',
      'a number',
      'a symbol',
    ]);
    expect(passwordProblems('Ünïcödé-Pässwörd-1', strict)).toEqual([]);
    expect(passwordProblems('😀😀😀😀😀😀😀😀😀😀😀A1', strict)).toEqual([]);
    expect(passwordProblems('Abcdefghijk 1', strict)).toEqual(['a symbol']);
  });
});
