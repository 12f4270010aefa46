import {
  centsToAmount,
  growthPercent,
  listed,
  monthKeyIn,
  startOfDayIn,
  startOfMonthIn,
  successFell,
  successRate,
  taskConcernsLead,
} from './dashboard.rules';

describe('dashboard rules', () => {
  it('adds money in cents and gives it back exactly (no 0.1 + 0.2 drift)', () => {
    const cents = [10, 20, 1999999, 1].reduce((a, b) => a + b, 0);
    expect(centsToAmount(cents)).toBe(20000.3);
    expect(centsToAmount(Math.round(0.1 * 100) + Math.round(0.2 * 100))).toBe(0.3);
  });

  it('gives growth in percent with one decimal, and none without last month', () => {
    expect(growthPercent(15000, 10000)).toBe(50);
    expect(growthPercent(10000, 30000)).toBe(-66.7);
    expect(growthPercent(500, 0)).toBeNull();
  });

  it('gives the success rate with one decimal, and none without finished actions', () => {
    expect(successRate(2, 3)).toBe(66.7);
    expect(successRate(0, 0)).toBeNull();
  });

  it('counts days and months in the dashboard time zone', () => {
    const now = new Date('2026-03-01T02:30:00Z'); // still February 28 in New York
    expect(startOfDayIn(now, 'America/New_York').toISOString()).toBe('2026-02-28T05:00:00.000Z');
    expect(startOfMonthIn(now, 'America/New_York').toISOString()).toBe('2026-02-01T05:00:00.000Z');
    expect(startOfMonthIn(now, 'America/New_York', -1).toISOString()).toBe('2026-01-01T05:00:00.000Z');
    expect(monthKeyIn(now, 'America/New_York')).toBe('2026-02');
    expect(monthKeyIn(now, 'UTC')).toBe('2026-03');
  });

  it('finds a workflow whose recent runs succeed clearly less often than before', () => {
    const good = Array(10).fill(true);
    const worse = [true, false, false, false, true, true, true, true, true, true];
    expect(successFell([...worse, ...good])).toEqual({ now: 70, before: 100, streak: 0 });
    expect(successFell([...good, ...good])).toBeNull();
    // Too few runs to say.
    expect(successFell([false, false])).toBeNull();
    // A dip smaller than 20 points is noise.
    expect(successFell([true, false, ...Array(8).fill(true), ...good])).toBeNull();
  });

  it('finds a workflow that failed three times in a row after succeeding, before any window fills', () => {
    expect(successFell([false, false, false, true, true])).toEqual({ now: 0, before: 100, streak: 3 });
    expect(successFell([false, false, false, false, true, false])).toEqual({ now: 0, before: 50, streak: 4 });
    // Two failures are not a streak yet; a workflow that never succeeded has not fallen.
    expect(successFell([false, false, true, true])).toBeNull();
    expect(successFell([false, false, false, false])).toBeNull();
  });

  it('links a task to a lead by its tag, its e-mail or its whole name', () => {
    const lead = { id: 'L1', name: 'Ana Li', email: 'ana@acme.io' };
    const task = (title: string, tags: string[] = []) => ({ title, description: '', tags });
    expect(taskConcernsLead(task('Follow up', ['lead:L1']), lead)).toBe(true);
    expect(taskConcernsLead(task('Mail ana@acme.io the deck'), lead)).toBe(true);
    expect(taskConcernsLead(task('Call Ana Li about pricing'), lead)).toBe(true);
    expect(taskConcernsLead(task('Call Ana Lina'), lead)).toBe(false);
    expect(taskConcernsLead(task('Call someone'), lead)).toBe(false);
  });

  it('lists a few names and says how many more', () => {
    expect(listed(['a'])).toBe('a');
    expect(listed(['a', 'b'])).toBe('a and b');
    expect(listed(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c and 2 more');
  });
});
