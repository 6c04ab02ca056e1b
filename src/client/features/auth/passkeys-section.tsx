import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FingerprintIcon, KeyRoundIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { toast } from 'sonner';
import { PASSKEY_LIMIT, renamePasskeyBodySchema, type Passkey } from '@shared/schemas/passkeys';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { codeFields, codeResolver, messageOf } from './code-dialog';
import { deviceName } from './device-name';
import { AuthForm, Progress, type AuthFieldSpec } from './form-parts';
import type { PasskeyBackend, PasskeyProof } from './mfa-backend';

const PASSKEYS_KEY = ['auth', 'passkeys'] as const;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : 'Not yet');

/** What a passkey is, for an account that has none (docs/product/sign-in.md#passkeys). */
export const PASSKEYS_EMPTY =
  'A passkey signs you in with your fingerprint, your face or your screen lock instead of your password. It stays on your device or in your password manager and works only on this site, so nobody can trick you into giving it away.';

type NameValues = { name: string };
const nameResolver = zodResolver(renamePasskeyBodySchema);
const NAME_FIELDS: readonly AuthFieldSpec<NameValues>[] = [
  {
    name: 'name',
    label: 'Name',
    description: 'To tell your passkeys apart: the device or password manager it is on.',
    autoComplete: 'off',
  },
];

const CODE_FIELDS = codeFields('Current code');

/**
 * The Passkeys card of Two-step sign-in (docs/product/sign-in.md#passkeys): the account's
 * passkeys (name, when added, when last used, synced or not) or what a passkey is; Add a
 * passkey (a name, then the browser's prompt); Rename; Remove, which asks for one of the
 * account's passkeys or, with an authenticator app, a current code.
 */
export function PasskeysSection({
  backend,
  simulated,
  hasApp,
}: {
  backend: PasskeyBackend;
  /** Demo mode: nothing leaves the tab. */
  simulated: boolean;
  /** The account has an authenticator app, whose code may confirm a removal. */
  hasApp: boolean;
}) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: [...PASSKEYS_KEY, simulated],
    queryFn: () => backend.list(),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['auth'] });
  const unsupported = backend.unsupported();
  const passkeys = list.data ?? [];
  const full = passkeys.length >= PASSKEY_LIMIT;

  const add = (
    <AddPasskeyDialog
      trigger={
        <Button disabled={unsupported !== null || !list.isSuccess || full}>
          <PlusIcon aria-hidden />
          Add a passkey
        </Button>
      }
      onAdd={async (name) => {
        await backend.add(name);
        void refresh();
        toast.success('Passkey added', {
          description: 'You can sign in with it alone, or use it after your password.',
        });
      }}
    />
  );

  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <FingerprintIcon className="size-5 text-indigo-600" aria-hidden />
            Passkeys
          </h2>
          {list.isSuccess && passkeys.length > 0 ? add : null}
        </div>
        {unsupported ? (
          <p
            role="note"
            className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          >
            {unsupported}
          </p>
        ) : null}
        {list.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading passkeys...
          </p>
        ) : list.isError ? (
          <ErrorState
            title="Passkeys could not be loaded"
            message={messageOf(list.error)}
            onRetry={() => void list.refetch()}
          />
        ) : passkeys.length === 0 ? (
          <EmptyState
            icon={<KeyRoundIcon />}
            title="No passkeys yet"
            description={PASSKEYS_EMPTY}
            action={add}
          />
        ) : (
          <>
            <ul aria-label="Passkeys" className="grid gap-3">
              {passkeys.map((passkey) => (
                <PasskeyRow
                  key={passkey.id}
                  passkey={passkey}
                  backend={backend}
                  hasApp={hasApp}
                  last={passkeys.length === 1}
                  onChanged={() => void refresh()}
                />
              ))}
            </ul>
            {full ? (
              <p className="text-sm text-slate-600">
                An account may hold {PASSKEY_LIMIT} passkeys. Remove one before adding another.
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PasskeyRow({
  passkey,
  backend,
  hasApp,
  last,
  onChanged,
}: {
  passkey: Passkey;
  backend: PasskeyBackend;
  hasApp: boolean;
  /** The account's only passkey. */
  last: boolean;
  onChanged: () => void;
}) {
  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium wrap-anywhere text-slate-900">{passkey.name}</span>
          {passkey.backed_up ? (
            <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800 ring-1 ring-sky-200">
              Synced
            </span>
          ) : null}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Added</dt>
          <dd className="text-slate-900">{when(passkey.created_at)}</dd>
          <dt className="text-slate-600">Last used</dt>
          <dd className="text-slate-900">{when(passkey.last_used_at)}</dd>
        </dl>
      </div>
      <div className="flex flex-wrap gap-2">
        <RenamePasskeyDialog
          passkey={passkey}
          onRename={async (name) => {
            await backend.rename(passkey.id, name);
            onChanged();
            toast.success('Passkey renamed');
          }}
        />
        <RemovePasskeyDialog
          passkey={passkey}
          hasApp={hasApp}
          last={last}
          onRemove={async (proof) => {
            await backend.remove(passkey.id, proof);
            onChanged();
            toast.success('Passkey removed', {
              description: `“${passkey.name}” no longer signs in.`,
            });
          }}
        />
      </div>
    </li>
  );
}

/** Asks a name (the device by default), then the browser's prompt makes the passkey. */
function AddPasskeyDialog({
  trigger,
  onAdd,
}: {
  trigger: ReactElement;
  onAdd: (name: string) => Promise<void>;
}) {
  return (
    <FormDialog
      trigger={trigger}
      title="Add a passkey"
      description="Name it, then follow your browser: it asks for your fingerprint, face, screen lock or security key."
    >
      {(close) => (
        <NameForm
          initial={deviceName()}
          submitLabel="Continue"
          busyText="Waiting for your passkey..."
          onCancel={close}
          run={async (name) => {
            await onAdd(name);
            close();
          }}
        />
      )}
    </FormDialog>
  );
}

function RenamePasskeyDialog({
  passkey,
  onRename,
}: {
  passkey: Passkey;
  onRename: (name: string) => Promise<void>;
}) {
  return (
    <FormDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Rename ${passkey.name}`}>
          <PencilIcon aria-hidden />
          Rename
        </Button>
      }
      title="Rename the passkey"
      description="The new name shows in this list only; your device keeps its own."
    >
      {(close) => (
        <NameForm
          initial={passkey.name}
          submitLabel="Save"
          busyText="Saving..."
          onCancel={close}
          run={async (name) => {
            await onRename(name);
            close();
          }}
        />
      )}
    </FormDialog>
  );
}

function NameForm({
  initial,
  submitLabel,
  busyText,
  onCancel,
  run,
}: {
  initial: string;
  submitLabel: string;
  busyText: string;
  onCancel: () => void;
  run: (name: string) => Promise<void>;
}) {
  return (
    <div className="grid gap-3">
      <AuthForm
        resolver={nameResolver}
        defaultValues={{ name: initial }}
        fields={NAME_FIELDS}
        onSubmit={async ({ name }) => {
          try {
            await run(name.trim());
            return null;
          } catch (err) {
            return messageOf(err);
          }
        }}
        submitLabel={submitLabel}
        busyText={busyText}
        wide={false}
        focusFirst
      />
      <div>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/**
 * Removing takes a fresh second factor (docs/product/sign-in.md#passkeys): one of the
 * account's passkeys, or the authenticator app's current code when the account has one.
 */
function RemovePasskeyDialog({
  passkey,
  hasApp,
  last,
  onRemove,
}: {
  passkey: Passkey;
  hasApp: boolean;
  last: boolean;
  onRemove: (proof: PasskeyProof) => Promise<void>;
}) {
  return (
    <FormDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          className="text-rose-700 hover:text-rose-800"
          aria-label={`Remove ${passkey.name}`}
        >
          <Trash2Icon aria-hidden />
          Remove
        </Button>
      }
      title={`Remove “${passkey.name}”?`}
      description={
        hasApp
          ? 'It will no longer sign you in. To confirm it is you, use one of your passkeys (this one too), or enter a code from your authenticator app.'
          : 'It will no longer sign you in. To confirm it is you, use one of your passkeys (this one too).'
      }
    >
      {(close) => <RemoveBody hasApp={hasApp} last={last} onRemove={onRemove} close={close} />}
    </FormDialog>
  );
}

function RemoveBody({
  hasApp,
  last,
  onRemove,
  close,
}: {
  hasApp: boolean;
  last: boolean;
  onRemove: (proof: PasskeyProof) => Promise<void>;
  close: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const withPasskey = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onRemove({ passkey: true });
      close();
    } catch (err) {
      setFailure(messageOf(err));
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-4">
      {last && !hasApp ? (
        <p
          role="note"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          This is your only second step: signing in will take your password alone.
        </p>
      ) : null}
      <FormAlert>{failure}</FormAlert>
      <Button
        variant="destructive"
        onClick={() => void withPasskey()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        <Progress busy={busy} busyText="Waiting for your passkey..." icon={<FingerprintIcon />}>
          Remove with a passkey
        </Progress>
      </Button>
      {hasApp ? (
        <>
          <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-600 uppercase">
            <span className="h-px flex-1 bg-slate-300" />
            or with a code
            <span className="h-px flex-1 bg-slate-300" />
          </div>
          <AuthForm
            resolver={codeResolver}
            defaultValues={{ code: '' }}
            fields={CODE_FIELDS}
            onSubmit={async ({ code }) => {
              try {
                await onRemove({ code });
                close();
                return null;
              } catch (err) {
                return messageOf(err);
              }
            }}
            submitLabel="Remove with the code"
            busyText="Removing..."
            wide={false}
            destructive
            disabled={busy}
          />
        </>
      ) : null}
      <div>
        <Button type="button" variant="ghost" onClick={close} disabled={busy}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
