import {
  allOccurrences,
  buildRecurrence,
  canonicalTimeZone,
  fromWallClock,
  MAX_OCCURRENCES,
  occurrenceAfter,
  occurrencesBetween,
  RecurrenceError,
  recurrenceView,
  seriesEnd,
  toWallClock,
  type Series,
} from './recurrence';

const at = (iso: string) => new Date(iso);
const starts = (os: Array<{ start: Date }>) => os.map((o) => o.start.toISOString());

function series(
  start: string,
  end: string,
  recurrence: Parameters<typeof buildRecurrence>[0] | null,
  time_zone = 'UTC',
): Series {
  const event = { start_time: at(start), end_time: at(end), time_zone };
  return { ...event, recurrence: recurrence ? buildRecurrence(recurrence, event) : null };
}

describe('recurrence', () => {
  describe('time zones', () => {
    it('accepts IANA names in any case and gives their canonical spelling', () => {
      expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
      expect(canonicalTimeZone('UTC')).toBe('UTC');
      expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
      expect(canonicalTimeZone('')).toBeNull();
    });

    it('turns instants into wall-clock times and back', () => {
      const instant = at('2025-07-01T07:30:00.000Z');
      const wall = toWallClock(instant, 'Europe/Berlin');
      expect(wall.toISOString()).toBe('2025-07-01T09:30:00.000Z');
      expect(fromWallClock(wall, 'Europe/Berlin').toISOString()).toBe(instant.toISOString());
      expect(fromWallClock(at('2025-01-15T09:30:00.000Z'), 'America/New_York').toISOString()).toBe(
        '2025-01-15T14:30:00.000Z',
      );
    });

    it('gives the same wall clock as Intl at every instant, across changes of offset on and off the quarter hour', () => {
      const direct = (t: number, timeZone: string) => {
        const p = Object.fromEntries(
          new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          })
            .formatToParts(new Date(t))
            .filter((x) => x.type !== 'literal')
            .map((x) => [x.type, Number(x.value)]),
        );
        return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, new Date(t).getUTCMilliseconds());
      };
      const around = [
        ['Europe/Berlin', '2025-03-30T01:00:00Z'],
        ['Europe/Berlin', '2025-10-26T01:00:00Z'],
        ['America/New_York', '2025-03-09T07:00:00Z'],
        ['Australia/Lord_Howe', '2025-04-05T15:00:00Z'],
        // +00:19:32 to +00:20 at local midnight: a change in the middle of a quarter hour.
        ['Europe/Amsterdam', '1937-06-30T23:40:28Z'],
      ] as const;
      for (const [zone, change] of around)
        for (let d = -3_600_000; d <= 3_600_000; d += 61_001) {
          const t = Date.parse(change) + d;
          expect([zone, toWallClock(new Date(t), zone).getTime()]).toEqual([zone, direct(t, zone)]);
        }
    });

    it('reads a wall-clock time that happens twice (fall back) as its first occurrence, as RFC 5545 does', () => {
      // 2025-10-26 02:30 in Berlin: first at 00:30Z (CEST), again at 01:30Z (CET).
      expect(fromWallClock(at('2025-10-26T02:30:00.000Z'), 'Europe/Berlin').toISOString()).toBe(
        '2025-10-26T00:30:00.000Z',
      );
      expect(fromWallClock(at('2025-10-26T03:30:00.000Z'), 'Europe/Berlin').toISOString()).toBe(
        '2025-10-26T02:30:00.000Z',
      );
    });

    it('moves a wall-clock time skipped by the spring-forward change one hour later', () => {
      // 2025-03-30 02:30 does not exist in Berlin (02:00 → 03:00 CEST): 03:30 CEST = 01:30Z.
      expect(fromWallClock(at('2025-03-30T02:30:00.000Z'), 'Europe/Berlin').toISOString()).toBe(
        '2025-03-30T01:30:00.000Z',
      );
    });
  });

  describe(buildRecurrence.name, () => {
    const event = { start_time: at('2025-01-06T09:00:00Z'), end_time: at('2025-01-06T10:00:00Z'), time_zone: 'UTC' };

    it('refuses a series without an end', () => {
      expect(() => buildRecurrence({ freq: 'weekly' }, event)).toThrow(RecurrenceError);
      expect(() => buildRecurrence({ freq: 'weekly' }, event)).toThrow(/must end/);
    });

    it('refuses both count and until', () => {
      expect(() => buildRecurrence({ freq: 'daily', count: 3, until: '2025-02-01' }, event)).toThrow(/not both/);
    });

    it('refuses an until before the start', () => {
      expect(() => buildRecurrence({ freq: 'daily', until: '2024-12-01T00:00:00Z' }, event)).toThrow(
        /not be before start_time/,
      );
    });

    it(`refuses a series of more than ${MAX_OCCURRENCES} occurrences`, () => {
      expect(() => buildRecurrence({ freq: 'daily', until: '2030-01-01' }, event)).toThrow(/at most 730/);
      expect(() => buildRecurrence({ freq: 'weekly', until: '2030-01-01' }, event)).not.toThrow();
    });

    it('refuses an occurrence longer than the period (it would overlap the next)', () => {
      const long = { ...event, end_time: at('2025-01-07T10:00:00Z') };
      expect(() => buildRecurrence({ freq: 'daily', count: 3 }, long)).toThrow(/cannot last longer/);
      expect(() => buildRecurrence({ freq: 'daily', interval: 2, count: 3 }, long)).not.toThrow();
    });

    it('reads a date-only until as the end of that day in the event time zone', () => {
      const r = buildRecurrence({ freq: 'daily', until: '2025-01-10' }, { ...event, time_zone: 'America/New_York' });
      expect(r.until!.toISOString()).toBe('2025-01-11T04:59:59.999Z');
    });

    it('gives the rule as RFC 5545 RRULE text', () => {
      expect(recurrenceView(buildRecurrence({ freq: 'weekly', count: 10 }, event))!.rrule).toBe(
        'RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=10',
      );
      expect(
        recurrenceView(buildRecurrence({ freq: 'monthly', interval: 2, until: '2025-12-31T23:00:00Z' }, event))!.rrule,
      ).toBe('RRULE:FREQ=MONTHLY;INTERVAL=2;UNTIL=20251231T230000Z');
    });
  });

  describe(occurrencesBetween.name, () => {
    it('expands a weekly series of 10 into 10 occurrences a week apart', () => {
      const s = series('2025-01-06T09:00:00Z', '2025-01-06T10:00:00Z', { freq: 'weekly', count: 10 });
      const os = occurrencesBetween(s, at('2025-01-01T00:00:00Z'), at('2025-04-01T00:00:00Z'));
      expect(os).toHaveLength(10);
      expect(os[0].start.toISOString()).toBe('2025-01-06T09:00:00.000Z');
      expect(os[9].start.toISOString()).toBe('2025-03-10T09:00:00.000Z');
      expect(os.every((o) => o.end.getTime() - o.start.getTime() === 3_600_000)).toBe(true);
    });

    it('keeps only the occurrences overlapping the range, including one that started before it', () => {
      const s = series('2025-01-01T22:00:00Z', '2025-01-02T02:00:00Z', { freq: 'daily', count: 30 });
      const os = occurrencesBetween(s, at('2025-01-05T00:00:00Z'), at('2025-01-07T00:00:00Z'));
      expect(starts(os)).toEqual(['2025-01-04T22:00:00.000Z', '2025-01-05T22:00:00.000Z', '2025-01-06T22:00:00.000Z']);
    });

    it('keeps the wall-clock time across a daylight-saving change', () => {
      // 09:00 in Berlin: 08:00Z in winter, 07:00Z from 30 March.
      const s = series('2025-03-24T08:00:00Z', '2025-03-24T09:00:00Z', { freq: 'weekly', count: 3 }, 'Europe/Berlin');
      expect(starts(allOccurrences(s))).toEqual([
        '2025-03-24T08:00:00.000Z',
        '2025-03-31T07:00:00.000Z',
        '2025-04-07T07:00:00.000Z',
      ]);
    });

    it('ends at until, inclusive', () => {
      const s = series('2025-01-01T10:00:00Z', '2025-01-01T11:00:00Z', {
        freq: 'daily',
        interval: 2,
        until: '2025-01-05T10:00:00Z',
      });
      expect(starts(allOccurrences(s))).toEqual([
        '2025-01-01T10:00:00.000Z',
        '2025-01-03T10:00:00.000Z',
        '2025-01-05T10:00:00.000Z',
      ]);
    });

    it('skips months without the day of the month (RFC 5545)', () => {
      const s = series('2025-01-31T10:00:00Z', '2025-01-31T11:00:00Z', { freq: 'monthly', count: 3 });
      expect(starts(allOccurrences(s))).toEqual([
        '2025-01-31T10:00:00.000Z',
        '2025-03-31T10:00:00.000Z',
        '2025-05-31T10:00:00.000Z',
      ]);
    });

    it('gives a single event once when it overlaps the range, never otherwise', () => {
      const s = series('2025-01-01T10:00:00Z', '2025-01-01T11:00:00Z', null);
      expect(occurrencesBetween(s, at('2025-01-01T10:30:00Z'), at('2025-01-02T00:00:00Z'))).toHaveLength(1);
      expect(occurrencesBetween(s, at('2025-01-01T11:00:00Z'), at('2025-01-02T00:00:00Z'))).toHaveLength(0);
      expect(occurrencesBetween(s, at('2024-12-31T00:00:00Z'), at('2025-01-01T10:00:00Z'))).toHaveLength(0);
    });
  });

  describe('occurrences far into a series', () => {
    it.each([
      ['daily', { freq: 'daily', count: 700 }],
      ['every 3 days until a date', { freq: 'daily', interval: 3, until: '2027-01-01' }],
      ['weekly', { freq: 'weekly', count: 104 }],
      ['every 2 weeks', { freq: 'weekly', interval: 2, until: '2026-12-31T12:00:00Z' }],
      ['monthly', { freq: 'monthly', count: 24 }],
    ] as const)('are those of the whole series in any range (%s, Berlin time)', (_case, rule) => {
      const s = series('2025-01-03T08:30:00Z', '2025-01-03T10:00:00Z', rule, 'Europe/Berlin');
      const every = allOccurrences(s);
      for (
        let from = Date.parse('2024-12-01T00:00:00Z');
        from < Date.parse('2027-03-01T00:00:00Z');
        from += 9 * 86_400_000 + 3_600_000
      ) {
        const to = from + 31 * 86_400_000;
        const expected = every.filter((o) => o.start.getTime() < to && o.end.getTime() > from);
        expect(starts(occurrencesBetween(s, new Date(from), new Date(to)))).toEqual(starts(expected));
        const next = every.find((o) => o.start.getTime() > from) ?? null;
        expect(occurrenceAfter(s, new Date(from))?.start.toISOString()).toBe(next?.start.toISOString());
      }
    });
  });

  describe(seriesEnd.name, () => {
    it('is the end of the last occurrence, or of the single event', () => {
      expect(
        seriesEnd(series('2025-01-06T09:00:00Z', '2025-01-06T10:00:00Z', { freq: 'weekly', count: 10 })).toISOString(),
      ).toBe('2025-03-10T10:00:00.000Z');
      expect(seriesEnd(series('2025-01-06T09:00:00Z', '2025-01-06T10:00:00Z', null)).toISOString()).toBe(
        '2025-01-06T10:00:00.000Z',
      );
    });
  });

  describe(occurrenceAfter.name, () => {
    const s = series('2025-01-06T09:00:00Z', '2025-01-06T10:00:00Z', { freq: 'daily', count: 3 });

    it('finds the next occurrence strictly after an instant', () => {
      expect(occurrenceAfter(s, at('2025-01-01T00:00:00Z'))!.start.toISOString()).toBe('2025-01-06T09:00:00.000Z');
      expect(occurrenceAfter(s, at('2025-01-06T09:00:00Z'))!.start.toISOString()).toBe('2025-01-07T09:00:00.000Z');
      expect(occurrenceAfter(s, at('2025-01-08T09:00:00Z'))).toBeNull();
    });
  });
});

describe('range expansion of daily and weekly rules (computed directly) agrees with the rule itself', () => {
  // A small deterministic generator: the same cases on every run.
  let seed = 42;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata'];

  it('for 300 series across time zones, daylight-saving changes, counts and end dates', () => {
    for (let i = 0; i < 300; i++) {
      const freq = rand(2) ? 'weekly' : 'daily';
      const interval = 1 + rand(3);
      const startMs = Date.UTC(2026, rand(12), 1 + rand(28), rand(24), 15 * rand(4));
      const start = new Date(startMs).toISOString();
      const end = new Date(startMs + (1 + rand(4)) * 30 * 60_000).toISOString();
      const ending = rand(2)
        ? { count: 1 + rand(120) }
        : { until: new Date(startMs + (1 + rand(300)) * 86_400_000).toISOString() };
      const s = series(start, end, { freq, interval, ...ending }, zones[rand(zones.length)]);
      const from = new Date(startMs + (rand(400) - 30) * 86_400_000);
      const to = new Date(from.getTime() + (1 + rand(45)) * 86_400_000);
      const expected = allOccurrences(s).filter((o) => o.start < to && o.end > from);
      expect([i, starts(occurrencesBetween(s, from, to))]).toEqual([i, starts(expected)]);
    }
  });
});
