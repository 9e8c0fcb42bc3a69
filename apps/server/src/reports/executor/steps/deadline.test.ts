import { describe, expect, it } from 'vitest';
import { Deadline } from './deadline';

// The deadline counts only the time spent waiting on the database, and past it the run is late however
// the driver's work ends.

const late = () => new Error('late');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Deadline', () => {
  it('answers what the work answers within the budget', async () => {
    const deadline = new Deadline(200);
    await expect(deadline.within(async () => 'rows', late)).resolves.toBe('rows');
    expect(deadline.expired).toBe(false);
  });

  it('aborts its signal past the budget and turns the cancelled work into late()', async () => {
    const deadline = new Deadline(30);
    const cancelled = deadline.within(
      () =>
        new Promise((_resolve, reject) => {
          // The driver cancels on the signal; the database's error follows.
          deadline.signal.addEventListener('abort', () => reject(new Error('57014 canceling statement')));
        }),
      late,
    );
    await expect(cancelled).rejects.toThrow('late');
    expect(deadline.expired).toBe(true);
  });

  it('answers late() after the grace when the work cannot be stopped, and discards what comes later', async () => {
    const deadline = new Deadline(20);
    const discarded: string[] = [];
    const started = performance.now();
    await expect(
      deadline.within(() => wait(300).then(() => 'cursor'), late, {
        graceMs: 30,
        discard: (value) => discarded.push(value),
      }),
    ).rejects.toThrow('late');
    expect(performance.now() - started).toBeLessThan(250);
    await wait(300);
    expect(discarded).toEqual(['cursor']);
  });

  it('does not count the time between waits (a slow client of a download)', async () => {
    let now = 0;
    const deadline = new Deadline(100, () => now);
    await deadline.within(async () => {
      now += 60;
    }, late);
    now += 10_000; // the client reads slowly
    await deadline.within(async () => {
      now += 30;
    }, late);
    expect(deadline.spentMs).toBe(90);
    expect(deadline.expired).toBe(false);
  });

  it('refuses further work once spent, before it starts', async () => {
    let now = 0;
    const deadline = new Deadline(50, () => now);
    await deadline.within(async () => {
      now += 60;
    }, late);
    let ran = false;
    await expect(
      deadline.within(async () => {
        ran = true;
      }, late),
    ).rejects.toThrow('late');
    expect(ran).toBe(false);
  });
});
