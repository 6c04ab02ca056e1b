import { ArrowLeftIcon, ShieldCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { AppLink } from '@/lib/navigation';

/**
 * The sign-in portal's page: the document title, the way back home, and the shield, heading and
 * line over the page's own content. The sign-in and invitation pages both draw it.
 */
export function PortalFrame({
  title,
  heading,
  lead,
  children,
}: {
  title: string;
  heading: ReactNode;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-linear-to-b from-indigo-50 via-slate-50 to-slate-100">
      <title>{title}</title>
      <nav aria-label="Home" className="mx-auto w-full max-w-md px-4 pt-6">
        <AppLink
          to="/"
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-700 hover:text-slate-900"
        >
          <ArrowLeftIcon className="size-4" aria-hidden />
          Back to home
        </AppLink>
      </nav>
      <main id="main" className="mx-auto grid w-full max-w-md gap-5 px-4 pt-6 pb-12">
        <header className="text-center">
          <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-xl bg-indigo-600 text-white shadow-sm">
            <ShieldCheckIcon className="size-6" aria-hidden />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{heading}</h1>
          <p className="mt-1 text-sm text-slate-600">{lead}</p>
        </header>
        {children}
      </main>
    </div>
  );
}
