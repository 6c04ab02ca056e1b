import { ArrowRightIcon, ClockIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { demoHref, JOURNEY, journeyMinutes } from './journey';
import { SectionTitle } from './section-title';
import type { DemoContent } from './types';

/** The three-step journey: Quick Role Check, Role Builder, TalentMLS (docs/product/dashboards.md#journey). */
export function JourneySteps({ content }: { content: DemoContent }) {
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="demo-journey" className="mb-8">
      <SectionTitle
        id="demo-journey"
        title={`Your ${journeyMinutes(JOURNEY)}-Minute Journey`}
        description={content.journeyIntro}
      />
      <ol className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {JOURNEY.map((step, i) => {
          const copy = content.journey[step.slug];
          return (
            <li key={step.slug}>
              <Card className="flex h-full flex-col gap-3 p-5">
                <div className="flex items-center justify-between gap-2">
                  <span
                    className="flex size-8 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
                    aria-hidden
                  >
                    {i + 1}
                  </span>
                  <Badge tone="brand">
                    <ClockIcon className="size-3" aria-hidden />
                    {step.minutes} min
                  </Badge>
                </div>
                <h3 className="font-semibold text-slate-900">
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.product}
                </h3>
                <p className="flex-1 text-sm text-slate-600">{copy.description}</p>
                <Link
                  to={demoHref(step.slug, pathname)}
                  className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline"
                >
                  {copy.cta}
                  <ArrowRightIcon className="size-4" aria-hidden />
                </Link>
              </Card>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
