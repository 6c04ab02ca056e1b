import type { Pipeline } from './types';

export type PipelineSummary = Record<Pipeline['status'], number> & {
  /** Records per minute across the running pipelines. */
  liveThroughput: number;
};

export function summarizePipelines(pipelines: readonly Pipeline[]): PipelineSummary {
  const summary: PipelineSummary = { running: 0, queued: 0, completed: 0, liveThroughput: 0 };
  for (const p of pipelines) {
    summary[p.status] += 1;
    if (p.status === 'running') summary.liveThroughput += p.throughput;
  }
  return summary;
}
