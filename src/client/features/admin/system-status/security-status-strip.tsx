import { CheckCircle2Icon, ChevronDownIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SECURITY_STATUS } from './security-status';

/**
 * The security status list folded into one line (docs/product/admin-console.md#security-status):
 * how many safeguards are on, with a button that unfolds each and how the product meets it.
 */
export function SecurityStatusStrip() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <section aria-label="Security status" className="grid min-w-0 flex-1 basis-64 gap-2">
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <p className="flex items-center gap-1.5 text-sm font-medium text-slate-900">
          <CheckCircle2Icon className="size-4 shrink-0 text-emerald-700" aria-hidden />
          {SECURITY_STATUS.length} of {SECURITY_STATUS.length} safeguards enabled
        </p>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide details' : 'How each is met'}
          <ChevronDownIcon aria-hidden className={open ? 'rotate-180' : undefined} />
        </Button>
      </div>
      <ul id={listId} hidden={!open} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {SECURITY_STATUS.map((item) => (
          <li key={item.label} className="flex items-start gap-2">
            <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">
                {item.label} <span className="sr-only">enabled</span>
              </p>
              <p className="text-xs text-slate-600">{item.detail}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
