import { ArrowRightIcon } from 'lucide-react';
import { AppLink } from '@/lib/navigation';
import { clsx } from 'clsx';
import { buttonVariants } from '@/components/ui/button-variants';

/** docs/product/public-site.md#landing: the closing call to action with another Demo Admin Portal button. */
export function ClosingSection() {
  return (
    <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 lg:px-8">
      <div className="keep-palette relative isolate overflow-hidden rounded-2xl bg-indigo-700 px-6 py-12 text-center shadow-lg sm:px-12 sm:py-16">
        <div
          aria-hidden
          className="absolute -top-20 left-1/2 -z-10 size-80 -translate-x-1/2 rounded-full bg-indigo-400/30 blur-3xl"
        />
        <h2 id="cta-heading" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
          Ready to explore the ecosystem?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-base text-pretty text-indigo-100">
          Sign in to the demo admin portal with any email and password, or with one click, and see
          users, roles and the security audit trail.
        </p>
        <AppLink
          to="/auth"
          className={clsx(buttonVariants({ variant: 'inverse', size: 'lg' }), 'mt-8')}
        >
          Demo Admin Portal
          <ArrowRightIcon aria-hidden />
        </AppLink>
      </div>
    </section>
  );
}

export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <div>
          <p className="font-semibold text-slate-900">Talent Ecosystem Demo</p>
          <p className="mt-1">A demonstration site: sample data only, authentication simulated.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <AppLink to="/demo" className="hover:text-slate-900 hover:underline">
                Demo dashboards
              </AppLink>
            </li>
            <li>
              <AppLink to="/final-todo" className="hover:text-slate-900 hover:underline">
                Final To-Do
              </AppLink>
            </li>
            <li>
              <AppLink to="/auth" className="hover:text-slate-900 hover:underline">
                Sign in
              </AppLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
