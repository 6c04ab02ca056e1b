import { InboxIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({
  title,
  description,
  action,
  icon,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
      <span className="text-slate-400 [&_svg]:size-8" aria-hidden>
        {icon ?? <InboxIcon />}
      </span>
      <p className="font-medium text-slate-900">{title}</p>
      {description ? (
        <p className="max-w-sm text-sm wrap-anywhere text-slate-600">{description}</p>
      ) : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
