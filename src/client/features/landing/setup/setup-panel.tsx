import { ShieldAlertIcon, TriangleAlertIcon, UserPlusIcon, UserXIcon } from 'lucide-react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { use, useEffect, useRef, useState } from 'react';
import type { ClearAllUsersResponse, SystemAdminResult } from '@shared/schemas/setup';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field, FieldControl, FieldDescription, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { usePublicConfig } from '@/lib/public-config';
import { createQueryClient } from '@/lib/query-client';
import { useClearAllUsers, useCreateSystemAdmins } from './api';
import { ClearResult, CreateResult, SETUP_TEXT, SetupError } from './setup-results';

const CLEAR_CONFIRMATION =
  'WARNING: This will DELETE ALL USERS from the entire system! Are you absolutely sure?';

type Outcome =
  | { kind: 'error'; message: string }
  | { kind: 'created'; results: SystemAdminResult[] }
  | { kind: 'cleared'; cleared: ClearAllUsersResponse['cleared'] };

const messageOf = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;

/**
 * System Administrator Setup panel, shown on the landing page with ?setup=true
 * (docs/product/setup.md#setup-panel). The operator types the confirmation key: it is never part of
 * the page, and the server checks it. Each action has its own busy flag;
 * both buttons are disabled while either runs.
 */
function SetupPanelContent() {
  // Asked for by the address (?setup=true): the panel sits below the whole landing page.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const heading = headingRef.current;
    if (!heading) return;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, []);
  const [key, setKey] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const create = useCreateSystemAdmins();
  const clear = useClearAllUsers();
  const config = usePublicConfig();
  const busy = create.isPending || clear.isPending;

  const onCreate = async () => {
    setOutcome(null);
    try {
      const { results } = await create.mutateAsync(key);
      setOutcome({ kind: 'created', results });
    } catch (err) {
      setOutcome({ kind: 'error', message: messageOf(err, SETUP_TEXT.createFailed) });
    }
  };

  const onClear = async () => {
    if (!window.confirm(CLEAR_CONFIRMATION)) return;
    setOutcome(null);
    try {
      const { cleared } = await clear.mutateAsync(key);
      setOutcome({ kind: 'cleared', cleared });
    } catch (err) {
      setOutcome({ kind: 'error', message: messageOf(err, SETUP_TEXT.clearFailed) });
    }
  };

  return (
    <section aria-labelledby="setup-heading" className="mx-auto max-w-3xl px-4 py-10">
      <Card>
        <CardHeader>
          <h2
            id="setup-heading"
            ref={headingRef}
            tabIndex={-1}
            className="flex scroll-mt-4 items-center gap-2 text-xl font-semibold focus:outline-none"
          >
            <ShieldAlertIcon className="size-5 text-indigo-700" aria-hidden />
            System Administrator Setup
          </h2>
          <CardDescription>
            Creates the three system administrators for ecosystem oversight, with full system
            access.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Field name="setup-key">
            <FieldLabel>Setup confirmation key</FieldLabel>
            <FieldControl>
              <Input
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={key}
                onChange={(e) => setKey(e.target.value)}
              />
            </FieldControl>
            <FieldDescription>
              Printed by the server at its first start and saved in its data folder, or set with
              SETUP_CONFIRMATION_KEY. It never leaves this form except to the server.
            </FieldDescription>
          </Field>

          <div className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>
              Create the system administrators only once, during initial setup. Existing accounts
              are left as they are.
            </p>
          </div>
          <div className="flex gap-2 rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900">
            <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>
              <strong>Danger:</strong> Clear All Users permanently deletes ALL users from the entire
              system, with their roles, sessions and the audit trail. This cannot be undone.
            </p>
          </div>

          <div className="flex flex-col gap-2 sm:flex-row">
            <Button onClick={() => void onCreate()} disabled={busy}>
              <UserPlusIcon aria-hidden />
              {create.isPending ? 'Creating System Admins...' : 'Create System Admins'}
            </Button>
            <Button variant="destructive" onClick={() => void onClear()} disabled={busy}>
              <UserXIcon aria-hidden />
              {clear.isPending ? 'Clearing All Users...' : 'Clear All Users'}
            </Button>
          </div>

          {outcome?.kind === 'error' ? <SetupError message={outcome.message} /> : null}
          {outcome?.kind === 'created' ? <CreateResult results={outcome.results} /> : null}
          {outcome?.kind === 'cleared' ? (
            <ClearResult cleared={outcome.cleared} demoMode={config.data?.demoMode ?? true} />
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}

/**
 * The pre-rendered landing page has no query client of its own (it loads as
 * little as it can); the panel brings one when it is shown there.
 */
export default function SetupPanel() {
  const appClient = use(QueryClientContext);
  const [ownClient] = useState(() => (appClient ? null : createQueryClient()));
  if (!ownClient) return <SetupPanelContent />;
  return (
    <QueryClientProvider client={ownClient}>
      <SetupPanelContent />
    </QueryClientProvider>
  );
}
