import { CheckIcon, CopyIcon, DownloadIcon, LifeBuoyIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

const FILE_NAME = 'talent-ecosystem-recovery-codes.txt';

/** The codes as a text file: what they are, then one code a line. */
function recoveryCodesText(codes: readonly string[], email: string): string {
  return [
    `Recovery codes for ${email} (Talent Ecosystem)`,
    'Each code works once in place of an authenticator code.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * The ten recovery codes, shown once (docs/product/sign-in.md#second-step): listed,
 * copied or downloaded as a text file, then "I have saved them" to finish. The heading
 * takes the focus when they appear, so a screen reader starts here.
 */
export function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: readonly string[];
  email: string;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Could not copy the codes', {
        description: 'Download them, or copy them by hand.',
      });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(
      new Blob([recoveryCodesText(codes, email)], { type: 'text/plain;charset=utf-8' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <section aria-labelledby="recovery-codes-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2
          id="recovery-codes-heading"
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 text-lg font-semibold text-slate-900 outline-none"
        >
          <LifeBuoyIcon className="size-5 text-indigo-600" aria-hidden />
          Save your recovery codes
        </h2>
        <p className="text-sm text-slate-700">
          If you lose your phone, each of these codes signs you in once in place of an authenticator
          code. Keep them somewhere safe, apart from your password.
        </p>
      </div>
      <p
        role="note"
        className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950"
      >
        You will not see these codes again.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900 min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wide">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <DownloadIcon aria-hidden />
          Download .txt
        </Button>
      </div>
      <div>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </section>
  );
}
