import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import type { ApplicationInfo } from '@shared/schemas/admin-security';
import { OIDC_SCOPE_NAMES } from '@shared/schemas/oidc';
import { CopyField, ShownOnce } from '@/components/copy-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DestructiveConfirmDialog } from '@/components/ui/destructive-confirm-dialog';
import { DialogFooter } from '@/components/ui/dialog';
import { FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { FormResultDialog } from '@/components/ui/form-result-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useConfigureOidcClient, useRemoveOidcClient } from './api';

/** What each scope gives the application, in people's words. */
const SCOPE_WORDS: Record<(typeof OIDC_SCOPE_NAMES)[number], string> = {
  openid: 'Who the person is (always)',
  email: 'Their email address',
  profile: 'Their name',
  roles: 'Their roles in the ecosystem',
  offline_access: 'Staying signed in (refresh tokens)',
};

const signedOut = (people: number) =>
  people === 0
    ? 'Nobody was signed in to it.'
    : people === 1
      ? '1 person was signed out of it.'
      : `${people} people were signed out of it.`;

/** What removing an application's sign-in does, said before it is done. */
export const removeSignInWarning = (appName: string) =>
  `Everyone signed in to ${appName} through the console is signed out of it, what people allowed it is forgotten, and its client id and secret stop working at once. Registered again, it gets a new secret.`;

/** Under a new secret: it is never shown again. */
export const CLIENT_SECRET_SHOWN_ONCE =
  'You will not see this secret again. Put it in the application’s configuration now; if it is lost, issue a new one.';

/** One address per line; blank lines left out. */
const lines = z.string().transform((text) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean),
);

const formSchema = z.object({
  redirect_uris: lines.pipe(
    z.array(z.url('Each redirect URI is a full URL')).min(1, 'Enter at least one redirect URI'),
  ),
  initiate_login_uri: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), z.url('The login start URI is a full URL')])),
  post_logout_redirect_uris: lines.pipe(z.array(z.url('Each sign-out address is a full URL'))),
  scopes: z.array(z.enum(OIDC_SCOPE_NAMES)),
  public_client: z.boolean(),
  new_secret: z.boolean(),
  first_party: z.boolean(),
  backchannel_logout_uri: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), z.url('The back-channel logout URI is a full URL')])),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

type Result = { client_id: string; client_secret: string | null };

/**
 * An application's OpenID Connect registration (docs/product/sign-on.md#oidc-clients): its exact
 * redirect URIs, where it may send people after signing out, the scopes it may ask for, and
 * whether it keeps a secret (a server) or relies on PKCE alone (a browser or phone app). The
 * client id, and a new secret once, are shown after saving. The server asks for a fresh second
 * factor first; the console's step-up dialog answers that.
 */
export function OidcClientDialog({
  app,
  onClose,
}: {
  app: ApplicationInfo | null;
  onClose: () => void;
}) {
  return (
    <FormResultDialog<Result>
      open={!!app}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={(result) =>
        result ? 'Sign-in settings saved' : `Sign-in settings: ${app?.app_name ?? ''}`
      }
      description={(result) =>
        result
          ? `${app?.app_name ?? 'The application'} signs people in with this client id.`
          : 'How this application signs people in through the console with OpenID Connect.'
      }
      className="sm:max-w-xl"
      form={(done, close) =>
        app ? <OidcClientForm app={app} onSaved={done} onCancel={close} onRemoved={close} /> : null
      }
      result={(result, close) => (
        <ShownOnce label="Client id" value={result.client_id} what="Client id" onDone={close}>
          {result.client_secret ? (
            <CopyField
              label="Client secret"
              value={result.client_secret}
              what="Secret"
              note={CLIENT_SECRET_SHOWN_ONCE}
            />
          ) : null}
        </ShownOnce>
      )}
    />
  );
}

function OidcClientForm({
  app,
  onSaved,
  onCancel,
  onRemoved,
}: {
  app: ApplicationInfo;
  onSaved: (result: Result) => void;
  onCancel: () => void;
  onRemoved: () => void;
}) {
  const current = app.oidc_client;
  const save = useConfigureOidcClient();
  const remove = useRemoveOidcClient();
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      redirect_uris: current?.redirect_uris.join('\n') ?? '',
      initiate_login_uri: current?.initiate_login_uri ?? '',
      post_logout_redirect_uris: current?.post_logout_redirect_uris.join('\n') ?? '',
      scopes: (current?.scopes as FormOutput['scopes'] | undefined) ?? [...OIDC_SCOPE_NAMES],
      public_client: current?.public_client ?? false,
      new_secret: false,
      first_party: current?.first_party ?? false,
      backchannel_logout_uri: current?.backchannel_logout_uri ?? '',
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const publicClient = useWatch({ control: form.control, name: 'public_client' });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const scopes = values.scopes.includes('openid')
        ? values.scopes
        : ['openid', ...values.scopes];
      onSaved(
        await save.mutateAsync({
          id: app.id,
          body: {
            redirect_uris: values.redirect_uris,
            post_logout_redirect_uris: values.post_logout_redirect_uris,
            scopes: OIDC_SCOPE_NAMES.filter((s) => scopes.includes(s)),
            public_client: values.public_client,
            first_party: values.first_party,
            backchannel_logout_uri: values.backchannel_logout_uri || null,
            initiate_login_uri: values.initiate_login_uri || null,
            ...(current && !values.public_client ? { new_secret: values.new_secret } : {}),
          },
        }),
      );
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Could not save the sign-in settings');
    }
  });

  const removeSignIn = async () => {
    setConfirming(false);
    setFailure(null);
    try {
      const removed = await remove.mutateAsync(app.id);
      toast.success('Sign-in removed', {
        description: `${app.app_name} no longer signs people in. ${signedOut(removed.people_signed_out)}`,
      });
      onRemoved();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Could not remove the sign-in');
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField control={form.control} name="redirect_uris" className="gap-1.5">
        <FieldLabel>Redirect URIs</FieldLabel>
        <FieldControl>
          <Textarea
            rows={3}
            spellCheck={false}
            placeholder="https://hirehub.example.com/oidc/callback"
            className="font-mono text-xs"
            {...form.register('redirect_uris')}
          />
        </FieldControl>
        <FieldDescription>
          One per line, matched exactly. https, or http on this machine (localhost) only.
        </FieldDescription>
        <FieldError />
      </FormField>
      <FormField control={form.control} name="initiate_login_uri" className="gap-1.5">
        <FieldLabel>Login start URI (optional)</FieldLabel>
        <FieldControl>
          <Input
            spellCheck={false}
            placeholder="https://hirehub.example.com/oidc/login"
            className="font-mono text-xs"
            {...form.register('initiate_login_uri')}
          />
        </FieldControl>
        <FieldDescription>
          Where the application starts its own sign-in: the console’s links to it send people there.
          Without one, they cannot be signed in to it from the console. Same rules as redirect URIs.
        </FieldDescription>
        <FieldError />
      </FormField>
      <FormField control={form.control} name="post_logout_redirect_uris" className="gap-1.5">
        <FieldLabel>After sign-out (optional)</FieldLabel>
        <FieldControl>
          <Textarea
            rows={2}
            spellCheck={false}
            placeholder="https://hirehub.example.com/"
            className="font-mono text-xs"
            {...form.register('post_logout_redirect_uris')}
          />
        </FieldControl>
        <FieldDescription>Where the application may send people once signed out.</FieldDescription>
        <FieldError />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-900">What it may receive</legend>
        <Controller
          control={form.control}
          name="scopes"
          render={({ field }) => (
            <ul className="grid gap-2 sm:grid-cols-2">
              {OIDC_SCOPE_NAMES.map((scope) => (
                <li key={scope} className="flex items-start gap-2">
                  <Checkbox
                    id={`${id}-${scope}`}
                    checked={scope === 'openid' || field.value.includes(scope)}
                    disabled={scope === 'openid'}
                    onCheckedChange={(state) =>
                      field.onChange(
                        OIDC_SCOPE_NAMES.filter((s) =>
                          s === scope ? state === true : field.value.includes(s),
                        ),
                      )
                    }
                    className="mt-0.5"
                  />
                  <Label htmlFor={`${id}-${scope}`} className="grid gap-0.5 font-normal">
                    <span>{SCOPE_WORDS[scope]}</span>
                    <code className="text-xs text-slate-600">{scope}</code>
                  </Label>
                </li>
              ))}
            </ul>
          )}
        />
      </fieldset>
      <FormField control={form.control} name="backchannel_logout_uri" className="gap-1.5">
        <FieldLabel>Back-channel logout URI (optional)</FieldLabel>
        <FieldControl>
          <Input
            spellCheck={false}
            placeholder="https://hirehub.example.com/oidc/backchannel-logout"
            className="font-mono text-xs"
            {...form.register('backchannel_logout_uri')}
          />
        </FieldControl>
        <FieldDescription>
          Told when a person signs out of the console or is deactivated, so the application signs
          them out too. Same rules as redirect URIs.
        </FieldDescription>
        <FieldError />
      </FormField>
      <FlagField
        control={form.control}
        name="first_party"
        label="First-party application"
        hint="Pre-approved: people are not asked to consent. Only for the ecosystem’s own applications."
      />
      <FlagField
        control={form.control}
        name="public_client"
        label="Public client, without a secret"
        hint="For an application in the browser or on a phone, which cannot keep a secret: it proves each sign-in with PKCE alone."
      />
      {current && !current.public_client && !publicClient ? (
        <FlagField
          control={form.control}
          name="new_secret"
          label="Issue a new secret: the current one stops working at once"
        />
      ) : null}
      <FormAlert>{failure}</FormAlert>
      <DialogFooter>
        {current ? (
          <Button
            ref={removeButton}
            type="button"
            variant="outline"
            className="text-rose-700 sm:mr-auto"
            disabled={remove.isPending || save.isPending}
            onClick={() => setConfirming(true)}
          >
            {remove.isPending ? 'Removing...' : 'Remove sign-in'}
          </Button>
        ) : null}
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending || remove.isPending}>
          {save.isPending ? 'Saving...' : current ? 'Save changes' : 'Register client'}
        </Button>
      </DialogFooter>
      <DestructiveConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${app.app_name}’s sign-in?`}
        description={removeSignInWarning(app.app_name)}
        confirmLabel="Remove sign-in"
        onConfirm={() => void removeSignIn()}
        returnFocus={removeButton}
      />
    </form>
  );
}

/** One yes-or-no setting of the form: a checkbox, its label and, when given, what it means. */
function FlagField({
  control,
  name,
  label,
  hint,
}: {
  control: Control<FormInput, unknown, FormOutput>;
  name: 'first_party' | 'public_client' | 'new_secret';
  label: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start gap-2">
          <Checkbox
            id={id}
            checked={field.value}
            onCheckedChange={(state) => field.onChange(state === true)}
            aria-describedby={hint ? `${id}-hint` : undefined}
            className="mt-0.5"
          />
          {hint ? (
            <div className="grid gap-0.5">
              <Label htmlFor={id}>{label}</Label>
              <p id={`${id}-hint`} className="text-sm text-slate-600">
                {hint}
              </p>
            </div>
          ) : (
            <Label htmlFor={id} className="font-normal">
              {label}
            </Label>
          )}
        </div>
      )}
    />
  );
}
