import { leadLabel } from '@sixa/contracts';
import { scoreLead, type ScoringInput } from './lead-scoring';
import { parseCsv } from './leads-csv';

const lead = (o: Partial<ScoringInput> = {}): ScoringInput => ({
  email: 'ana@initech.com',
  company: 'Initech',
  source: 'Website',
  status: 'new',
  quotes_sent: 0,
  quotes_accepted: 0,
  ...o,
});

describe(scoreLead.name, () => {
  it.each([
    ['bare website lead, company domain matching', lead(), 50, 'Cold'],
    ['free-mail cold e-mail', lead({ email: 'x@gmail.com', source: 'Cold Email' }), 15, 'Cold'],
    [
      'qualified referral with phone and notes',
      lead({ source: 'Referral', phone: '1', notes: 'a detailed note of twenty+', status: 'qualified' }),
      90,
      'Hot',
    ],
    ['accepted quote on a website lead', lead({ quotes_sent: 1, quotes_accepted: 1 }), 80, 'Hot'],
    ['lost lead never goes below 0', lead({ email: 'x@gmail.com', source: 'Cold Email', status: 'lost' }), 0, 'Cold'],
    [
      'everything at once is capped at 100',
      lead({
        source: 'Referral',
        phone: '1',
        notes: 'a detailed note of twenty+',
        status: 'converted',
        quotes_sent: 1,
        quotes_accepted: 1,
      }),
      100,
      'Hot',
    ],
  ])('%s -> %i (%s)', (_name, input, score, label) => {
    const result = scoreLead(input);
    expect(result.score).toBe(score);
    expect(leadLabel(result.score)).toBe(label);
  });

  it('explains the score: factors add up before clamping', () => {
    const { score, factors } = scoreLead(lead({ source: 'Conference' }));
    expect(factors.reduce((s, f) => s + f.points, 0)).toBe(score);
    expect(factors.map((f) => f.factor)).toContain('Source: Conference');
  });
});

describe(parseCsv.name, () => {
  it('reads quoted fields, escaped quotes, CRLF and skips blank lines', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n\n1,2')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['1', '2'],
    ]);
  });
});
