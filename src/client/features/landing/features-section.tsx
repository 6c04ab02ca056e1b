import { CircleCheckIcon } from 'lucide-react';
import { PLATFORM_FEATURES } from './content';

/** docs/product/public-site.md#landing-features: six platform features as a checklist. */
export function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className="mx-auto max-w-6xl scroll-mt-16 px-4 py-16 sm:px-6 lg:px-8"
    >
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Features</p>
          <h2
            id="features-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Platform Features
          </h2>
          <p className="mt-4 text-base text-pretty text-slate-600">
            The admin portal brings compliance, analytics and talent management for every platform
            into one console, with every sensitive action recorded.
          </p>
        </div>
        <ul className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2 sm:p-8">
          {PLATFORM_FEATURES.map((feature) => (
            <li key={feature} className="flex items-start gap-3 text-sm text-slate-800">
              <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
