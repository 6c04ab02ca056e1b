import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactElement } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { AuthForm, type AuthFieldSpec } from './form-parts';

/** An error's own words, or a general one. */
export const messageOf = (err: unknown) =>
  err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.';

export type CodeValues = { code: string };
/** A current authenticator code or a recovery code: what every "confirm with a code" asks. */
export const codeResolver = zodResolver(
  z.object({ code: z.string().trim().min(1, 'Enter a code from your app or a recovery code') }),
);
export const codeFields = (label: string): readonly AuthFieldSpec<CodeValues>[] => [
  {
    name: 'code',
    label,
    description: 'The 6 digits your app shows now, or one of your recovery codes.',
    autoComplete: 'one-time-code',
  },
];
const CODE_FIELDS = codeFields('Current code');

/** A change that takes a current code: the code in a dialog, the server's refusal in it. */
export function CodeDialog({
  trigger,
  title,
  description,
  submitLabel,
  busyText,
  destructive = false,
  run,
}: {
  trigger: ReactElement;
  title: string;
  description: string;
  submitLabel: string;
  busyText: string;
  destructive?: boolean;
  run: (code: string) => Promise<void>;
}) {
  return (
    <FormDialog trigger={trigger} title={title} description={description}>
      {(close) => (
        <div className="grid gap-3">
          <AuthForm
            resolver={codeResolver}
            defaultValues={{ code: '' }}
            fields={CODE_FIELDS}
            onSubmit={async ({ code }) => {
              try {
                await run(code);
                close();
                return null;
              } catch (err) {
                return messageOf(err);
              }
            }}
            submitLabel={submitLabel}
            busyText={busyText}
            wide={false}
            focusFirst
            destructive={destructive}
          />
          <div>
            <Button type="button" variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </FormDialog>
  );
}
