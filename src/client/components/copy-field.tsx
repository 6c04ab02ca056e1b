import { CheckIcon, CopyIcon } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * A value shown to be copied (an invitation's link, a signing secret): read-only, selected
 * on focus, with a Copy button. Without a clipboard (an insecure origin, a refused
 * permission) the value is selected for the person to copy by hand.
 */
type CopyFieldProps = {
  label: string;
  value: string;
  /** The value's name in the toasts ("Link", "Secret"). */
  what: string;
  /** Under the field, as a note: that it is shown once, or that it is simulated. */
  note?: ReactNode;
};

export function CopyField({ label, value, what, note }: CopyFieldProps) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(`${what} copied`);
    } catch {
      input.current?.select();
      toast.error(`Could not copy the ${what.toLowerCase()}`, {
        description: 'It is selected: copy it yourself.',
      });
    }
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          ref={input}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 font-mono text-xs"
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {note ? (
        <p
          role="note"
          className="mt-1.5 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          {note}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A dialog's last step after something secret was made (an invitation's link, a signing
 * secret, an OpenID client's id and secret): the value to copy, what it is for, and Done.
 */
export function ShownOnce({
  onDone,
  children,
  ...field
}: CopyFieldProps & { onDone: () => void; children?: ReactNode }) {
  return (
    <div className="grid gap-4">
      <CopyField {...field} />
      {children}
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
