import type { ReactNode } from 'react';

/** The h2 of a /demo block, with its one-line description. */
export function SectionTitle({
  id,
  title,
  description,
}: {
  id: string;
  title: string;
  description?: ReactNode;
}) {
  return (
    <div className="mb-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
    </div>
  );
}
