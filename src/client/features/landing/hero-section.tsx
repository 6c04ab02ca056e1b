import { ArrowRightIcon, LockIcon, ShieldCheckIcon } from 'lucide-react';
import { AppLink } from '@/lib/navigation';
import { PERSONAS } from '@shared/constants';
import { SCREEN_SLUGS } from '@shared/routes';
import { buttonVariants } from '@/components/ui/button-variants';
import { PLATFORMS } from './content';

const GLANCE = [
  { value: PLATFORMS.length, label: 'integrated platforms' },
  { value: SCREEN_SLUGS.length, label: 'demo dashboards' },
  { value: PERSONAS.length, label: 'viewing personas' },
];

function AtAGlance() {
  return (
    <div className="rounded-2xl border border-white/15 bg-white/10 p-5 shadow-2xl ring-1 ring-white/5 backdrop-blur sm:p-6">
      <p className="text-sm font-medium text-indigo-100">The ecosystem at a glance</p>
      <dl className="mt-4 grid grid-cols-3 gap-3">
        {GLANCE.map((g) => (
          <div key={g.label} className="flex flex-col-reverse rounded-xl bg-white/10 px-3 py-3">
            <dt className="mt-0.5 text-xs leading-snug text-indigo-100">{g.label}</dt>
            <dd className="text-2xl font-semibold text-white tabular-nums">{g.value}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-5 grid gap-2">
        {PLATFORMS.map(({ name, icon: Icon }) => (
          <li
            key={name}
            className="flex items-center gap-3 rounded-lg bg-white/5 px-3 py-2 text-sm text-white"
          >
            <Icon className="size-4 shrink-0 text-indigo-200" aria-hidden />
            <span className="min-w-0 flex-1 truncate">{name}</span>
            <span className="flex items-center gap-1.5 text-xs text-emerald-200">
              <span className="size-1.5 rounded-full bg-emerald-300" aria-hidden />
              Online
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** docs/product/public-site.md#landing: the hero with the Demo Admin Portal button and its note. */
export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="keep-palette relative isolate overflow-hidden bg-linear-to-br from-indigo-800 via-indigo-700 to-indigo-600 text-white"
    >
      <div
        aria-hidden
        className="absolute -top-24 -right-24 -z-10 size-96 rounded-full bg-indigo-400/30 blur-3xl"
      />
      <div
        aria-hidden
        className="absolute -bottom-32 -left-16 -z-10 size-80 rounded-full bg-sky-400/20 blur-3xl"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/10 px-3 py-1 text-xs font-medium text-indigo-50">
            <ShieldCheckIcon className="size-3.5" aria-hidden />
            Talent Ecosystem Demo
          </p>
          <h1
            id="hero-heading"
            className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl"
          >
            Five hiring platforms. One connected ecosystem.
          </h1>
          <p className="mt-5 max-w-2xl text-base text-pretty text-indigo-100 sm:text-lg">
            HireHub, SortStak, Role Builder, Quick Role Check and TalentMLS share one sign-on, one
            admin console and one security audit trail. Explore them with sample data.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
            <AppLink to="/auth" className={buttonVariants({ variant: 'inverse', size: 'lg' })}>
              Demo Admin Portal
              <ArrowRightIcon aria-hidden />
            </AppLink>
            <AppLink
              to="/demo"
              className={buttonVariants({ variant: 'inverse-ghost', size: 'lg' })}
            >
              Browse the demo dashboards
            </AppLink>
          </div>
          <p className="mt-4 inline-flex items-center gap-2 text-sm text-indigo-100">
            <LockIcon className="size-4" aria-hidden />
            Mock authentication only
          </p>
        </div>
        <AtAGlance />
      </div>
    </section>
  );
}
