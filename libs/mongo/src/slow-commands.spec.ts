import { EventEmitter } from 'node:events';
import { slowCommandMs, watchSlowCommands } from './slow-commands';

describe('watchSlowCommands', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function watch(threshold: number) {
    const client = new EventEmitter();
    const warnings: Array<[Record<string, unknown>, string]> = [];
    const stop = watchSlowCommands(client as never, 'crm', threshold, {
      warn: ((fields: Record<string, unknown>, msg: string) => warnings.push([fields, msg])) as never,
    });
    const start = (requestId: number) =>
      client.emit('commandStarted', {
        requestId,
        commandName: 'update',
        command: { update: 'leads', updates: [{ q: { email: 'secret@example.com' } }] },
      });
    return { client, warnings, stop, start };
  }

  it('logs a command still running past the threshold once, by name only', () => {
    const { warnings, stop, start } = watch(1_000);
    start(1);
    jest.advanceTimersByTime(999);
    expect(warnings).toHaveLength(0);
    jest.advanceTimersByTime(2_000);
    jest.advanceTimersByTime(5_000);
    expect(warnings).toHaveLength(1);
    expect(warnings[0][0]).toMatchObject({ db: 'crm', command: 'update', collection: 'leads' });
    expect(JSON.stringify(warnings)).not.toContain('secret@example.com');
    stop();
  });

  it('logs a slow command when it ends with its duration, and nothing for a quick one', () => {
    const { client, warnings, stop, start } = watch(1_000);
    start(1);
    start(2);
    client.emit('commandSucceeded', { requestId: 1, duration: 12 });
    client.emit('commandFailed', { requestId: 2, duration: 1_500 });
    expect(warnings).toEqual([
      [{ db: 'crm', command: 'update', collection: 'leads', took_ms: 1_500 }, 'a slow database command ended'],
    ]);
    jest.advanceTimersByTime(10_000);
    expect(warnings).toHaveLength(1);
    stop();
  });

  it('reads MONGO_SLOW_COMMAND_MS (10 s by default, 0 turns it off)', () => {
    expect(slowCommandMs({})).toBe(10_000);
    expect(slowCommandMs({ MONGO_SLOW_COMMAND_MS: '0' })).toBe(0);
    expect(slowCommandMs({ MONGO_SLOW_COMMAND_MS: '2500' })).toBe(2_500);
    expect(slowCommandMs({ MONGO_SLOW_COMMAND_MS: 'soon' })).toBe(10_000);
    const { warnings, start } = watch(0);
    start(1);
    jest.advanceTimersByTime(60_000);
    expect(warnings).toHaveLength(0);
  });
});
