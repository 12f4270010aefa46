import type { WorkflowEngine } from './workflow-engine';
import type { WorkflowRunDoc } from './workflow-run.schema';
import type { WorkflowRunsRepository } from './workflow-runs.repository';
import { WorkflowWakeTimer } from './workflow-wake-timer';

/** What the timer asked of the engine, and when (fake time). */
function setUp() {
  const calls: Array<{ at: number; wake?: string[]; kick?: true }> = [];
  const engine = {
    wake: (runs: WorkflowRunDoc[]) => calls.push({ at: Date.now(), wake: runs.map((r) => String(r._id)) }),
    kick: () => calls.push({ at: Date.now(), kick: true }),
  } as unknown as WorkflowEngine;
  const runs = { onWait: () => undefined, nextWakeAt: async () => null } as unknown as WorkflowRunsRepository;
  const timer = new WorkflowWakeTimer(engine, runs);
  timer.onApplicationBootstrap();
  return { calls, timer, runs };
}

const run = (id: string, awaiting = false) =>
  ({
    _id: id,
    awaiting: awaiting ? { correlation_id: `${id}:0`, until: new Date() } : null,
  }) as unknown as WorkflowRunDoc;

describe(WorkflowWakeTimer.name, () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('hands the engine the runs it was told of when their wait ends, not before', () => {
    const { calls, runs } = setUp();
    runs.onWait(new Date(1_000_100), run('a'));
    runs.onWait(new Date(1_000_100), run('b'));
    runs.onWait(new Date(1_000_105), run('c'));
    jest.advanceTimersByTime(99);
    expect(calls).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(calls).toEqual([{ at: 1_000_100, wake: ['a', 'b'] }]);
    // Due 5 ms later: handed over then, not with the others (it would not be due yet).
    jest.advanceTimersByTime(4);
    expect(calls).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(calls[1]).toEqual({ at: 1_000_105, wake: ['c'] });
  });

  it('asks for a look for a time-out of a command, or a time without a run', () => {
    const { calls, runs, timer } = setUp();
    runs.onWait(new Date(1_000_050), run('a', true));
    timer.add(1_000_050);
    jest.advanceTimersByTime(50);
    expect(calls).toEqual([{ at: 1_000_050, kick: true }]);
  });

  it('forgets everything once stopped', () => {
    const { calls, runs, timer } = setUp();
    runs.onWait(new Date(1_000_050), run('a'));
    timer.beforeApplicationShutdown();
    runs.onWait(new Date(1_000_060), run('b'));
    jest.advanceTimersByTime(1_000);
    expect(calls).toEqual([]);
  });
});
