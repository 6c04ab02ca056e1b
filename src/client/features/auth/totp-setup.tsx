import { zodResolver } from '@hookform/resolvers/zod';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { TOTP_DIGITS } from '@shared/schemas/mfa';
import { Button } from '@/components/ui/button';
import { AuthForm, type AuthFieldSpec } from './form-parts';
import type { TotpEnrolment } from './mfa-backend';

/** The secret in groups of four, the way authenticator apps show and people read it. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

type Values = { code: string };
const resolver = zodResolver(
  z.object({
    code: z
      .string()
      .trim()
      .min(1, 'Enter the code your app shows')
      .regex(
        new RegExp(`^(\\d\\s*){${TOTP_DIGITS}}$`),
        `Enter the ${TOTP_DIGITS} digits your app shows`,
      ),
  }),
);
const FIELDS: readonly AuthFieldSpec<Values>[] = [
  {
    name: 'code',
    label: 'Code from the app',
    description: `The ${TOTP_DIGITS} digits your app shows for this account.`,
    autoComplete: 'one-time-code',
    inputMode: 'numeric',
  },
];

/**
 * Setting up an authenticator app (docs/product/sign-in.md#second-step): the otpauth:// URI
 * as a QR code, the secret as text to type instead, then the first code to confirm. The
 * secret lives in this component's state only: never stored, never logged.
 */
export function TotpSetup({
  enrolment,
  onConfirm,
  onCancel,
}: {
  enrolment: TotpEnrolment;
  /** Sends the first code; answers the failure to show, or null. */
  onConfirm: (code: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      setCopied(true);
      toast.success('Key copied');
    } catch {
      toast.error('Could not copy the key', { description: 'Type it into your app instead.' });
    }
  };

  return (
    <section aria-labelledby="totp-setup-heading" className="grid gap-5">
      <h2
        id="totp-setup-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 outline-none"
      >
        Set up your authenticator app
      </h2>
      <ol className="grid gap-5 text-sm text-slate-700">
        <li className="grid gap-3">
          <p>
            <span className="font-semibold text-slate-900">1. Scan this QR code</span> with an
            authenticator app on your phone (for example Google Authenticator, Microsoft
            Authenticator, 1Password or Aegis).
          </p>
          <div className="w-fit rounded-lg border border-slate-200 bg-white p-3">
            <QRCodeSVG
              value={enrolment.otpauthUri}
              size={176}
              marginSize={2}
              bgColor="#ffffff"
              fgColor="#0f172a"
              title="QR code for your authenticator app"
              role="img"
              aria-label="QR code for your authenticator app"
            />
          </div>
          <div className="grid gap-2">
            <p>Cannot scan it? Enter this key in the app instead:</p>
            <div className="flex flex-wrap items-center gap-2">
              <code
                aria-label="Setup key"
                className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-base tracking-wider break-words text-slate-900"
              >
                {groupedSecret(enrolment.secret)}
              </code>
              <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
                {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            </div>
            <p className="text-xs text-slate-600">
              Time-based, {TOTP_DIGITS} digits, every 30 seconds. Spaces do not matter.
            </p>
          </div>
        </li>
        <li className="grid gap-3">
          <p>
            <span className="font-semibold text-slate-900">2. Enter the code</span> the app now
            shows, to check that it works.
          </p>
          <AuthForm
            resolver={resolver}
            defaultValues={{ code: '' }}
            fields={FIELDS}
            onSubmit={({ code }) => onConfirm(code)}
            submitLabel="Confirm"
            busyText="Checking..."
            wide={false}
          />
        </li>
      </ol>
      <div>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
