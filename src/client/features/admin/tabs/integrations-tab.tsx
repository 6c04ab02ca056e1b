import { useQuery } from '@tanstack/react-query';
import { LockIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { RequireSignIn } from '@/components/sign-in-required';
import { TableSkeleton } from '@/components/table-skeleton';
import { meQuery } from '@/lib/auth/me-query';
import { usePublicConfig } from '@/lib/public-config';
import { ROLE_LABELS } from '../shared/format';
import { SinksCard } from '../audit-sinks/sinks-card';

const SINKS_TOPIC = {
  what: 'audit delivery',
  description: 'The outside systems that receive the audit trail’s events, signed and in order.',
};

/** Only a Super Admin sees the sinks; the server answers others 403. */
function SuperAdminOnly({ children }: { children: React.ReactNode }) {
  const me = useQuery(meQuery);
  if (me.isPending) return <TableSkeleton label="Loading Integrations" rows={2} />;
  if (me.data?.user.roles.includes('super_admin')) return children;
  return (
    <EmptyState
      icon={<LockIcon />}
      title={`Only a ${ROLE_LABELS.super_admin} manages integrations`}
      description="Where the audit trail is sent decides who can read it, so adding or changing a sink is kept to the highest role."
    />
  );
}

/**
 * Integrations: where the audit trail is delivered outside (docs/product/audit-trail.md#audit-sinks).
 * In demo mode, which sends nothing out, the same screens are simulated and labelled as such.
 */
export function IntegrationsTab() {
  const config = usePublicConfig().data;
  // Until the configuration is known, the safe guess: nothing reaches the server.
  const demo = config?.demoMode !== false;
  return (
    <RequireSignIn {...SINKS_TOPIC}>
      {demo ? (
        <SinksCard demo />
      ) : (
        <SuperAdminOnly>
          <SinksCard />
        </SuperAdminOnly>
      )}
    </RequireSignIn>
  );
}
