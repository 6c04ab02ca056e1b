import {
  ClipboardListIcon,
  KeyRoundIcon,
  LockIcon,
  type LucideIcon,
  ShieldCheckIcon,
} from 'lucide-react';
import { LIMITS, PLATFORM_ROLES, ROLE_DESCRIPTIONS, TIMINGS } from '@shared/constants';
import { ROLE_LABELS } from '@shared/role-labels';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SecondFactorPolicyCard } from '../settings/second-factor-policy-card';

type Setting = { label: string; value: string };
type Section = { title: string; description: string; icon: LucideIcon; settings: Setting[] };

const seconds = (ms: number) => `${ms / 1000} s`;

/** The rules the console enforces today, read from the same constants the code uses. */
const SECTIONS: Section[] = [
  {
    title: 'Credential access',
    description: 'How API keys and webhook secrets are released.',
    icon: KeyRoundIcon,
    settings: [
      {
        label: 'Time-limited access',
        value: `${LIMITS.timeLimitMinMinutes}–${LIMITS.timeLimitMaxMinutes} minutes`,
      },
      { label: 'Default time limit', value: `${LIMITS.timeLimitDefaultMinutes} minutes` },
      {
        label: 'Justification',
        value: `Required; at least ${LIMITS.minJustificationAuditTab} characters for time-limited access`,
      },
      {
        label: 'Review',
        value: `A ${ROLE_LABELS.super_admin} approves or denies; never their own request`,
      },
    ],
  },
  {
    title: 'Sessions',
    description: 'What the Security tab shows of each sign-in.',
    icon: LockIcon,
    settings: [
      { label: 'Sessions listed', value: `The ${LIMITS.sessionsListed} most recent` },
      { label: 'Token hash shown', value: `First ${LIMITS.tokenHashShown} characters` },
      { label: 'Session id in the trail', value: `Last ${LIMITS.sessionIdShown} characters` },
    ],
  },
  {
    title: 'Audit trail',
    description: 'When browser events reach the server’s hash-chained trail.',
    icon: ClipboardListIcon,
    settings: [
      { label: 'Console events sent', value: `Every ${seconds(TIMINGS.consoleAuditFlushMs)}` },
      {
        label: 'Startup events sent',
        value: `Every ${seconds(TIMINGS.startupAuditFlushMs)}, or at ${TIMINGS.startupAuditMaxQueue} held`,
      },
      { label: 'High and critical events', value: 'Sent at once' },
      { label: 'On page close', value: 'Everything still held is sent' },
    ],
  },
];

/**
 * Settings: who must have a second factor, which a Super Admin sets
 * (docs/product/admin-console.md#second-factor-settings), then the console's rules and roles,
 * read-only.
 */
export function SettingsTab() {
  return (
    <div className="space-y-6">
      <SecondFactorPolicyCard />
      <p className="text-sm text-slate-600">
        The rules below are part of the server’s configuration, so the console shows them read-only.
      </p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        {SECTIONS.map((section) => (
          <Card key={section.title}>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <section.icon className="size-4 text-indigo-700" aria-hidden />
                {section.title}
              </CardTitle>
              <CardDescription>{section.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="divide-y divide-slate-100 text-sm">
                {section.settings.map((s) => (
                  <div key={s.label} className="py-2.5 first:pt-0 last:pb-0">
                    <dt className="text-slate-600">{s.label}</dt>
                    <dd className="mt-0.5 font-medium text-slate-900">{s.value}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldCheckIcon className="size-4 text-indigo-700" aria-hidden />
            Platform roles
          </CardTitle>
          <CardDescription>
            What each role allows. Grant and revoke them per account in the Users tab.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {PLATFORM_ROLES.map((role) => (
              <li key={role} className="rounded-lg border border-slate-200 p-4">
                <Badge tone={role === 'user' ? 'neutral' : 'info'}>{ROLE_LABELS[role]}</Badge>
                <p className="mt-2 text-sm text-slate-700">{ROLE_DESCRIPTIONS[role]}</p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
