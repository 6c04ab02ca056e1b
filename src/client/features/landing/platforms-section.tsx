import { ArrowRightIcon } from 'lucide-react';
import { AppLink } from '@/lib/navigation';
import { badgeVariants } from '@/components/ui/badge-variants';
import { PLATFORMS } from './content';
import { SectionHeading } from './section-heading';

/** docs/product/public-site.md#landing-platforms: the five integrated platforms, each marked Active. */
export function PlatformsSection() {
  return (
    <section
      id="platforms"
      aria-labelledby="platforms-heading"
      className="mx-auto max-w-6xl scroll-mt-16 px-4 py-16 sm:px-6 lg:px-8"
    >
      <SectionHeading
        id="platforms-heading"
        eyebrow="Platforms"
        title="Integrated Platform Ecosystem"
        description="Five products that share users, roles and security controls, managed from one admin console."
      />
      {/* Five cards: the odd last row is centred (two columns of 2 spans, three of 2 on lg). */}
      <ul className="mt-10 grid gap-5 sm:grid-cols-4 lg:grid-cols-6">
        {PLATFORMS.map(({ name, description, icon: Icon, demo }) => (
          <li
            key={name}
            className="group flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow duration-200 hover:shadow-md sm:col-span-2 sm:last:col-start-2 lg:last:col-start-auto lg:nth-4:col-start-2"
          >
            <div className="flex items-start justify-between gap-3">
              <span className="flex size-11 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className={badgeVariants({ tone: 'success' })}>
                <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden />
                Active
              </span>
            </div>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{name}</h3>
            <p className="mt-1.5 flex-1 text-sm text-slate-600">{description}</p>
            <AppLink
              to={demo}
              className="mt-5 self-start rounded-md text-sm font-medium text-indigo-700 hover:text-indigo-900"
            >
              Explore {name}
              <ArrowRightIcon
                className="ml-1.5 inline-block size-4 align-[-3px] transition-transform duration-150 group-hover:translate-x-0.5"
                aria-hidden
              />
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
