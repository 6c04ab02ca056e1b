import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRoundIcon, TimerIcon } from 'lucide-react';
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
import { DialogFooter } from '@/components/ui/dialog';
import { FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
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
const GRANT_TEXT = {
  missing: 'Please select an app and provide justification',
  granted: 'Access Granted',
  grantedFor: (minutes: number) => `Time-limited access granted for ${minutes} minutes`,
  denied: 'Access Denied',
  deniedFallback: 'Failed to request credential access',
} as const;

/**
 * The justification's length against its floor
 * (docs/product/credentials.md#grant-justification): "43 characters (at least 15)".
 */
function justificationCount(length: number): string {
  return `${length} ${length === 1 ? 'character' : 'characters'} (at least ${LIMITS.minJustificationAuditTab})`;
}

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
 * docs/product/credentials.md#grants, docs/product/credentials.md#grant-justification: time-limited credential access, a
 * form in a dialog that the Request access button opens (docs/product/admin-console.md#security-audit-tab). Submit
 * stays disabled until an application is chosen and the trimmed justification has 15 characters;
 * Enter in a field forces it and gets the documented message. A confirmation dialog comes before
 * the request; the server decides by its policy. A grant closes the dialog; a denial stays in it.
 */
export function TimeLimitedAccessForm({ apps }: { apps: ApplicationChoices }) {
  const [open, setOpen] = useState(false);
  const requestGrant = useRequestGrant();
  const form = useForm<FormInput, unknown, GrantRequest>({
    resolver: zodResolver(timeLimitedAccessBodySchema),
    defaultValues: DEFAULTS,
  });
  const [confirming, setConfirming] = useState<GrantRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
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
    setFailure(null);
    try {
      const { grant } = await requestGrant.mutateAsync(values);
      toast.success(GRANT_TEXT.granted, {
        description: GRANT_TEXT.grantedFor(grant.time_limit_minutes),
      });
      form.reset(DEFAULTS);
      setOpen(false);
    } catch (err) {
      const serverSaid = err instanceof ApiError && err.status > 0 && err.code !== 'http_error';
      const reason = serverSaid ? err.message : GRANT_TEXT.deniedFallback;
      setFailure(reason);
      toast.error(GRANT_TEXT.denied, { description: reason });
    }
  };

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(DEFAULTS);
      setFailure(null);
    }
  };

  return (
    <>
      <FormDialog
        open={open}
        onOpenChange={changeOpen}
        trigger={
          <Button size="sm">
            <KeyRoundIcon aria-hidden />
            Request access
          </Button>
        }
        title="Request Time-Limited Credential Access"
        description="Access ends on its own after the time limit. Every request is decided by policy and recorded in the audit trail."
      >
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
            <FormField control={form.control} name="target_app_id" className="content-start">
              <FieldLabel>Application</FieldLabel>
              <Controller
                control={form.control}
                name="target_app_id"
                render={({ field }) => (
                  <Select value={field.value ?? ''} onValueChange={field.onChange}>
                    <FieldControl>
                      <SelectTrigger disabled={!apps.data}>
                        <SelectValue
                          placeholder={apps.isPending ? 'Loading…' : 'Select an application'}
                        />
                      </SelectTrigger>
                    </FieldControl>
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
              <FieldDescription>{holds(chosen)}</FieldDescription>
            </FormField>
            <FormField control={form.control} name="credential_type" className="content-start">
              <FieldLabel>Credential type</FieldLabel>
              <Controller
                control={form.control}
                name="credential_type"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <FieldControl>
                      <SelectTrigger>
                        <SelectValue />
                      </SelectTrigger>
                    </FieldControl>
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
            </FormField>
          </div>
          <FormField control={form.control} name="time_limit_minutes" className="sm:max-w-60">
            <FieldLabel>Time limit (minutes)</FieldLabel>
            <FieldControl>
              <Input
                type="number"
                inputMode="numeric"
                min={LIMITS.timeLimitMinMinutes}
                max={LIMITS.timeLimitMaxMinutes}
                step={1}
                {...form.register('time_limit_minutes', { valueAsNumber: true })}
              />
            </FieldControl>
            {errors.time_limit_minutes ? (
              <FieldError className="text-xs" />
            ) : (
              <FieldDescription>
                {`${LIMITS.timeLimitMinMinutes} to ${LIMITS.timeLimitMaxMinutes} minutes`}
              </FieldDescription>
            )}
          </FormField>
          <FormField control={form.control} name="justification" className="content-start">
            <FieldLabel>Justification</FieldLabel>
            <FieldControl>
              <Textarea
                maxLength={JUSTIFICATION_MAX}
                placeholder="What do you need the credential for?"
                {...form.register('justification')}
              />
            </FieldControl>
            <FieldDescription>
              {justificationCount(justification.trim().length)}. Ctrl+Enter submits.
            </FieldDescription>
            <FieldError className="text-xs" />
          </FormField>
          <FormAlert>{failure}</FormAlert>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ready || requestGrant.isPending}>
              <TimerIcon aria-hidden />
              {requestGrant.isPending ? 'Requesting…' : 'Request Access'}
            </Button>
          </DialogFooter>
        </form>
        <ConfirmAccessDialog
          request={confirming}
          appName={apps.data?.find((a) => a.id === confirming?.target_app_id)?.app_name ?? ''}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void confirm()}
        />
      </FormDialog>
    </>
  );
}
