import { useQuery } from '@tanstack/react-query';
import { PlusIcon, SendIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { Sink } from '@shared/schemas/audit-sinks';
import { Truncated } from '@/components/cell-text';
import type { RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { TableCard } from '@/components/table-card';
import { Button } from '@/components/ui/button';
import { FormResultDialog } from '@/components/ui/form-result-dialog';
import { formatDateTime, plural, relativeTime } from '../shared/format';
import { loadState } from '../shared/load-state';
import { sinksQuery } from './api';
import { DEMO_SINKS_NOTE, useDemoSinks } from './demo-sinks';
import { DemoNote } from '../shared/demo-note';
import { useSinkActions, type SinkActions, type SinkWithSecret } from './sink-actions';
import { SinkForm } from './sink-form';
import { SinkRowActions } from './sink-row-actions';
import { SecretShownOnce } from './secret-shown-once';
import { filterSummary, STATE_BADGES } from './sink-words';

/** How far a sink has come, in one or two short lines. */
function SinkProgress({ sink }: { sink: Sink }) {
  const last = relativeTime(sink.last_delivered_at);
  const lastLine = sink.last_delivered_at ? `Last delivery ${last.text}` : 'Nothing delivered yet';
  if (sink.state === 'paused') {
    return (
      <div className="grid gap-0.5 text-sm">
        <span className="text-rose-700">
          Stopped after {plural(sink.failures, 'failed attempt')}
          {sink.paused_at ? ` on ${formatDateTime(sink.paused_at)}` : ''}
        </span>
        {sink.last_error ? (
          <span className="text-xs wrap-anywhere text-slate-600">{sink.last_error}</span>
        ) : null}
      </div>
    );
  }
  if (sink.state === 'disabled') {
    return <span className="text-sm text-slate-600">Off: nothing is sent</span>;
  }
  return (
    <div className="grid gap-0.5 text-sm">
      <span>{sink.lag === 0 ? 'Up to date' : `${plural(sink.lag, 'event')} waiting`}</span>
      {sink.failures > 0 && sink.last_error ? (
        <span className="text-xs wrap-anywhere text-amber-800">
          Retrying after {plural(sink.failures, 'failure')}: {sink.last_error}
        </span>
      ) : (
        <span className="text-xs text-slate-600" title={last.exact}>
          {lastLine}
        </span>
      )}
    </div>
  );
}

/** The words a phone shows under a sink's name: its state and what it receives. */
const phoneLine = (sink: Sink) => `${STATE_BADGES[sink.state].label} · ${filterSummary(sink)}`;

function columns(actions: SinkActions, demo: boolean): RecordColumn<Sink>[] {
  return [
    {
      header: 'Sink',
      phone: 'main',
      cell: (sink) => (
        <>
          <div className="font-medium text-slate-900 max-sm:truncate">{sink.name}</div>
          <Truncated value={sink.url} className="max-w-72 text-xs text-slate-600" />
        </>
      ),
    },
    {
      header: 'Receives',
      className: 'text-sm text-slate-700',
      phone: 'sub',
      phoneText: phoneLine,
      cell: filterSummary,
    },
    {
      header: 'Status',
      cell: (sink) => (
        <StatusBadge
          status={sink.state}
          label={STATE_BADGES[sink.state].label}
          tone={STATE_BADGES[sink.state].tone}
        />
      ),
    },
    { header: 'Delivery', cell: (sink) => <SinkProgress sink={sink} /> },
    {
      header: 'Actions',
      hideHeader: true,
      align: 'right',
      phone: 'end',
      cell: (sink) => <SinkRowActions sink={sink} actions={actions} demo={demo} />,
    },
  ];
}

/** Add sink: the form, then the new sink's secret, shown once. */
function AddSinkDialog({ actions, demo }: { actions: SinkActions; demo: boolean }) {
  return (
    <FormResultDialog<SinkWithSecret>
      trigger={
        <Button size="sm">
          <PlusIcon aria-hidden />
          Add sink
        </Button>
      }
      title={(created) => (created ? 'Sink added' : 'Add sink')}
      description={(created) =>
        created
          ? `${created.name} receives the events recorded from now on.`
          : 'An HTTPS endpoint that receives the trail’s events as signed JSON batches, in order.'
      }
      form={(done, close) => (
        <div className="grid gap-4">
          {demo ? <DemoNote>{DEMO_SINKS_NOTE}</DemoNote> : null}
          <SinkForm
            submitLabel="Add sink"
            onCancel={close}
            onSubmit={async (values) => {
              const sink = await actions.create(values);
              toast.success(demo ? 'Demo sink added' : 'Sink added', { description: sink.name });
              done(sink);
            }}
          />
        </div>
      )}
      result={(created, close) => <SecretShownOnce sink={created} demo={demo} onDone={close} />}
    />
  );
}

/**
 * Audit delivery (docs/product/audit-trail.md#audit-sinks): the endpoints that receive the
 * trail's events, each with its filters, its state and how far it has come; a Super Admin adds,
 * edits, turns off, resumes, rotates and deletes them. In demo mode the list is the page's
 * simulated one and nothing leaves the server.
 */
export function SinksCard({ demo = false }: { demo?: boolean }) {
  const query = useQuery({ ...sinksQuery, enabled: !demo });
  const simulated = useDemoSinks();
  const actions = useSinkActions(demo);
  return (
    <TableCard
      title={
        <span className="inline-flex items-center gap-2">
          <SendIcon className="size-5 text-indigo-700" aria-hidden />
          Audit delivery
        </span>
      }
      description={`Outside systems that receive every audit event, in order, at least once, each batch signed with the sink’s secret.${demo ? ` ${DEMO_SINKS_NOTE}` : ''}`}
      label="Audit sinks"
      actions={<AddSinkDialog actions={actions} demo={demo} />}
      {...(demo
        ? { rows: simulated, rowKey: (s: Sink) => s.id }
        : loadState(query.data, {
            isPending: query.isPending,
            error: query.error,
            onRetry: () => void query.refetch(),
            loading: 'Loading audit sinks',
          }))}
      columns={columns(actions, demo)}
      skeletonRows={2}
      empty={{
        title: 'No sinks yet',
        description:
          'Add one to send the trail to your security team’s systems: a SIEM, a log store or your own endpoint.',
      }}
    />
  );
}
