import type { Sink, SinkTestResult, SinkUpdateBody } from '@shared/schemas/audit-sinks';
import {
  useCreateSink,
  useDeleteSink,
  useResumeSink,
  useRotateSinkSecret,
  useTestSink,
  useUpdateSink,
} from './api';
import {
  createDemoSink,
  deleteDemoSink,
  resumeDemoSink,
  rotateDemoSinkSecret,
  testDemoSink,
  updateDemoSink,
} from './demo-sinks';
import type { SinkFormValues } from './sink-form';

export type SinkWithSecret = Sink & { secret: string };

/** What the screen does to a sink: the server's operations, or demo mode's simulated ones. */
export type SinkActions = {
  create(values: SinkFormValues): Promise<SinkWithSecret>;
  update(id: string, body: SinkUpdateBody): Promise<Sink>;
  remove(id: string): Promise<void>;
  rotate(id: string): Promise<SinkWithSecret>;
  resume(id: string): Promise<Sink>;
  test(id: string): Promise<SinkTestResult>;
};

const DEMO: SinkActions = {
  create: async (values) => createDemoSink({ ...values, enabled: true }),
  update: async (id, body) => updateDemoSink(id, body),
  remove: async (id) => deleteDemoSink(id),
  rotate: async (id) => rotateDemoSinkSecret(id),
  resume: async (id) => resumeDemoSink(id),
  test: async (id) => testDemoSink(id),
};

export function useSinkActions(demo: boolean): SinkActions {
  const create = useCreateSink();
  const update = useUpdateSink();
  const remove = useDeleteSink();
  const rotate = useRotateSinkSecret();
  const resume = useResumeSink();
  const test = useTestSink();
  if (demo) return DEMO;
  return {
    create: (values) => create.mutateAsync({ ...values, enabled: true }),
    update: (id, body) => update.mutateAsync({ id, body }),
    remove: async (id) => void (await remove.mutateAsync(id)),
    rotate: (id) => rotate.mutateAsync(id),
    resume: (id) => resume.mutateAsync(id),
    test: (id) => test.mutateAsync(id),
  };
}
