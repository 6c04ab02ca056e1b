import { describe, expect, it } from 'vitest';
import { pipelines } from './data';
import { summarizePipelines } from './summary';

describe('summarizePipelines', () => {
  it('counts pipelines by status and adds up the throughput of running ones only', () => {
    expect(summarizePipelines(pipelines)).toEqual({
      running: 5,
      queued: 3,
      completed: 4,
      liveThroughput: 18400 + 9600 + 12150 + 22800 + 7300,
    });
  });

  it('is all zeros without pipelines', () => {
    expect(summarizePipelines([])).toEqual({
      running: 0,
      queued: 0,
      completed: 0,
      liveThroughput: 0,
    });
  });
});
