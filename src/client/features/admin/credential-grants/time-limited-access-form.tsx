import { zodResolver } from '@hookform/resolvers/zod';
import { TimerIcon } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { LIMITS } from '@shared/constants';
import type { ApplicationInfo } from '@shared/schemas/admin-security';
import {
  canSubmitTimedRequest,
  CREDENTIAL_TYPE_LABELS,
  JUSTIFICATION_MAX,
  timeLimitedAccessBodySchema,
} from '@shared/schemas/credentials';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { ConfirmAccessDialog } from './confirm-access-dialog';
import { useRequestGrant } from './api';

/** The applications to choose from: undefined until loaded, with whether they are loading. */
export type ApplicationChoices = { data: ApplicationInfo[] | undefined; isPending: boolean };

type FormInput = z.input<typeof timeLimitedAccessBodySchema>;
type GrantRequest = z.output<typeof timeLimitedAccessBodySchema>;

const DEFAULTS: FormInput = {
  target_app_id: '',
  credential_type: 'api_key',
  time_limit_minutes: LIMITS.timeLimitDefaultMinutes,
  justification: '',
};

/** The texts of docs/product/credentials.md#grant-result, verbatim. */
export const GRANT_TEXT = {
  missing: 'Please select an app and provide justification',
  granted: 'Access Granted',
  grantedFor: (minutes: number) => `Time-limited access granted for ${minutes} minutes`,
  denied: 'Access Denied',
  deniedFallback: 'Failed to request credential access',
} as const;

function holds(app: ApplicationInfo | undefined): string {
  if (!app) return 'Choose the application whose credential you need.';
  if (!app.is_active) return `${app.app_name} is inactive.`;
  const held = [
    app.has_api_key && 'an API key',
    app.has_webhook_secret && 'a webhook secret',
  ].filter(Boolean);
  return held.length
    ? `${app.app_name} holds ${held.join(' and ')}.`
    : `${app.app_name} holds no credentials.`;
}

/**
 * docs/product/credentials.md#grants, docs/product/credentials.md#grant-justification: time-limited credential access. Submit stays disabled until
 * an application is chosen and the trimmed justification has 15 characters;
 * Enter in a field forces it and gets the documented message. A confirmation
 * dialog comes before the request; the server decides by its policy.
 */
export function TimeLimitedAccessForm({ apps }: { apps: ApplicationChoices }) {
  const requestGrant = useRequestGrant();
  const form = useForm<FormInput, unknown, GrantRequest>({
    resolver: zodResolver(timeLimitedAccessBodySchema),
    defaultValues: DEFAULTS,
  });
  const [confirming, setConfirming] = useState<GrantRequest | null>(null);
  const appId = useWatch({ control: form.control, name: 'target_app_id' });
  const justification = useWatch({ control: form.control, name: 'justification' });
  const ready = canSubmitTimedRequest({ appId, justification });
  const chosen = apps.data?.find((a) => a.id === appId);
  const errors = form.formState.errors;

  const trySubmit = () => {
    if (!ready) {
      toast.error(GRANT_TEXT.missing);
      return;
    }
    void form.handleSubmit((values) => setConfirming(values))();
  };

  // Implicit submission is blocked while the button is disabled; Enter still asks.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter') return;
    const target = e.target as HTMLElement;
    const inInput = target instanceof HTMLInputElement;
    const inTextarea = target instanceof HTMLTextAreaElement && (e.ctrlKey || e.metaKey);
    if (inInput || inTextarea) {
      e.preventDefault();
      trySubmit();
    }
  };

  const confirm = async () => {
    const values = confirming;
    setConfirming(null);
    if (!values) return;
    try {
      const { grant } = await requestGrant.mutateAsync(values);
      toast.success(GRANT_TEXT.granted, {
        description: GRANT_TEXT.grantedFor(grant.time_limit_minutes),
      });
      form.reset(DEFAULTS);
    } catch (err) {
      const serverSaid = err instanceof ApiError && err.status > 0 && err.code !== 'http_error';
      toast.error(GRANT_TEXT.denied, {
        description: serverSaid ? err.message : GRANT_TEXT.deniedFallback,
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Request Time-Limited Credential Access</CardTitle>
        <CardDescription>
          Access ends on its own after the time limit. Every request is decided by policy and
          recorded in the audit trail.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          noValidate
          onKeyDown={onKeyDown}
          onSubmit={(e) => {
            e.preventDefault();
            trySubmit();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor="grant-app">Application</Label>
              <Controller
                control={form.control}
                name="target_app_id"
                render={({ field }) => (
                  <Select value={field.value ?? ''} onValueChange={field.onChange}>
                    <SelectTrigger
                      id="grant-app"
                      aria-describedby="grant-app-hint"
                      disabled={!apps.data}
                    >
                      <SelectValue
                        placeholder={apps.isPending ? 'Loading…' : 'Select an application'}
                      />
                    </SelectTrigger>
                    <SelectContent>
                      {apps.data?.map((app) => (
                        <SelectItem key={app.id} value={app.id}>
                          {app.app_name}
                          {app.is_active ? '' : ' (inactive)'}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
              <p id="grant-app-hint" className="text-xs text-slate-600">
                {holds(chosen)}
              </p>
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor="grant-type">Credential type</Label>
              <Controller
                control={form.control}
                name="credential_type"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger id="grant-type">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {Object.entries(CREDENTIAL_TYPE_LABELS).map(([value, label]) => (
                        <SelectItem key={value} value={value}>
                          {label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
          </div>
          <div className="grid gap-2 sm:max-w-60">
            <Label htmlFor="grant-minutes">Time limit (minutes)</Label>
            <Input
              id="grant-minutes"
              type="number"
              inputMode="numeric"
              min={LIMITS.timeLimitMinMinutes}
              max={LIMITS.timeLimitMaxMinutes}
              step={1}
              aria-invalid={!!errors.time_limit_minutes}
              aria-describedby="grant-minutes-hint"
              {...form.register('time_limit_minutes', { valueAsNumber: true })}
            />
            <p
              id="grant-minutes-hint"
              className={
                errors.time_limit_minutes ? 'text-xs text-rose-700' : 'text-xs text-slate-600'
              }
            >
              {errors.time_limit_minutes?.message ??
                `${LIMITS.timeLimitMinMinutes} to ${LIMITS.timeLimitMaxMinutes} minutes`}
            </p>
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor="grant-justification">Justification</Label>
            <Textarea
              id="grant-justification"
              maxLength={JUSTIFICATION_MAX}
              placeholder="What do you need the credential for?"
              aria-invalid={!!errors.justification}
              aria-describedby="grant-justification-hint"
              {...form.register('justification')}
            />
            <p id="grant-justification-hint" className="text-xs text-slate-600">
              {justification.trim().length} of at least {LIMITS.minJustificationAuditTab}{' '}
              characters. Ctrl+Enter submits.
            </p>
          </div>
          <div>
            <Button type="submit" disabled={!ready || requestGrant.isPending}>
              <TimerIcon aria-hidden />
              {requestGrant.isPending ? 'Requesting…' : 'Request Access'}
            </Button>
          </div>
        </form>
      </CardContent>
      <ConfirmAccessDialog
        request={confirming}
        appName={apps.data?.find((a) => a.id === confirming?.target_app_id)?.app_name ?? ''}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
      />
    </Card>
  );
}
