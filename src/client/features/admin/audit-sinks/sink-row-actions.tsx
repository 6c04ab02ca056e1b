import { KeyRoundIcon, PencilIcon, PowerIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Sink } from '@shared/schemas/audit-sinks';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DestructiveConfirmDialog } from '@/components/ui/destructive-confirm-dialog';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { FormDialog } from '@/components/ui/form-dialog';
import { RowMenu, useRowMenu } from '../shared/row-menu';
import type { SinkActions, SinkWithSecret } from './sink-actions';
import { SinkForm } from './sink-form';
import { SecretShownOnce } from './secret-shown-once';

type RowDialog = 'edit' | 'rotate' | 'delete';

const failed = (title: string) => (err: unknown) =>
  toast.error(title, { description: err instanceof Error ? err.message : 'Please try again.' });

/**
 * A sink's actions: Resume beside the menu while it is paused, and behind "⋯" a test
 * delivery, Edit, Turn off or on, Rotate secret and Delete. Rotating and deleting ask first.
 */
export function SinkRowActions({
  sink,
  actions,
  demo,
}: {
  sink: Sink;
  actions: SinkActions;
  demo: boolean;
}) {
  const menu = useRowMenu<RowDialog>();
  const { open, setOpen } = menu;
  const [rotated, setRotated] = useState<SinkWithSecret | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>, failure: string) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      failed(failure)(err);
    } finally {
      setBusy(false);
    }
  };

  const sendTest = () =>
    run(async () => {
      const result = await actions.test(sink.id);
      if (demo) {
        toast.info('Test delivery simulated', {
          description:
            'Demo mode sends nothing; in production mode the receiver gets a signed batch with no events.',
        });
      } else if (result.delivered) {
        toast.success('Test delivery received', {
          description: `${sink.name} answered ${result.status}.`,
        });
      } else {
        toast.error('Test delivery not received', {
          description: result.error ?? `${sink.name} answered ${result.status}.`,
        });
      }
    }, 'Could not send the test delivery');

  const toggle = () =>
    run(
      async () => {
        await actions.update(sink.id, { enabled: !sink.enabled });
        toast.success(sink.enabled ? `${sink.name} turned off` : `${sink.name} turned on`, {
          description: sink.enabled
            ? 'Nothing is sent until it is turned on; then it goes on where it stopped.'
            : 'It goes on from where it stopped.',
        });
      },
      sink.enabled ? 'Could not turn the sink off' : 'Could not turn the sink on',
    );

  const resume = () =>
    run(async () => {
      await actions.resume(sink.id);
      toast.success(`${sink.name} resumed`, {
        description: 'Delivery starts again with the batch that failed.',
      });
    }, 'Could not resume the sink');

  return (
    <div className="flex items-center justify-end gap-2">
      {sink.state === 'paused' ? (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void resume()}>
          Resume
        </Button>
      ) : null}
      <RowMenu
        label={`Actions for ${sink.name}`}
        triggerRef={menu.triggerRef}
        onCloseAutoFocus={menu.onCloseAutoFocus}
        disabled={busy}
      >
        <DropdownMenuItem disabled={!sink.enabled} onSelect={() => void sendTest()}>
          <SendIcon aria-hidden />
          Send a test delivery
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={menu.after('edit')}>
          <PencilIcon aria-hidden />
          Edit
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void toggle()}>
          <PowerIcon aria-hidden />
          {sink.enabled ? 'Turn off' : 'Turn on'}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={menu.after('rotate')}>
          <KeyRoundIcon aria-hidden />
          Rotate secret
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          className="text-red-700 dark:text-red-300"
          onSelect={menu.after('delete')}
        >
          <Trash2Icon aria-hidden />
          Delete
        </DropdownMenuItem>
      </RowMenu>
      <FormDialog
        open={open === 'edit'}
        onOpenChange={(o) => setOpen(o ? 'edit' : null)}
        title="Edit sink"
        description={`What ${sink.name} receives, and where. Its secret stays as it is.`}
      >
        {(close) => (
          <SinkForm
            initial={sink}
            submitLabel="Save changes"
            onCancel={close}
            onSubmit={async (values) => {
              await actions.update(sink.id, values);
              toast.success('Sink saved', { description: sink.name });
              close();
            }}
          />
        )}
      </FormDialog>
      <ConfirmDialog
        open={open === 'rotate'}
        onOpenChange={(o) => setOpen(o ? 'rotate' : null)}
        title="Rotate this sink's secret?"
        description={`Deliveries to ${sink.name} are signed with a new secret from now on. The receiver must have it before it can check them.`}
        confirmLabel="Rotate Secret"
        busy={busy}
        onConfirm={() =>
          void run(async () => {
            setRotated(await actions.rotate(sink.id));
            setOpen(null);
          }, 'Could not rotate the secret')
        }
      />
      <FormDialog
        open={!!rotated}
        onOpenChange={(o) => {
          if (o) return;
          setRotated(null);
          setOpen(null);
        }}
        title="New signing secret"
        description={`Give it to the receiver of ${sink.name}: deliveries are now signed with it.`}
      >
        {(close) =>
          rotated ? <SecretShownOnce sink={rotated} demo={demo} onDone={close} /> : null
        }
      </FormDialog>
      <DestructiveConfirmDialog
        open={open === 'delete'}
        onOpenChange={(o) => setOpen(o ? 'delete' : null)}
        title="Delete this sink?"
        description={`Nothing more is sent to ${sink.url}. Events already delivered stay with the receiver.`}
        confirmLabel="Delete Sink"
        busy={busy}
        onConfirm={() =>
          void run(async () => {
            await actions.remove(sink.id);
            toast.success('Sink deleted', { description: sink.name });
          }, 'Could not delete the sink')
        }
      />
    </div>
  );
}
