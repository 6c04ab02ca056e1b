import { ArrowRightIcon, LayoutDashboardIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { StatFigures } from '@/components/stat-figures';
import { Button } from '@/components/ui/button';
import { usePersona } from '@/lib/persona';
import { ActivityAndTools } from './activity-and-tools';
import { GrowthSections } from './growth-sections';
import { demoHref } from './journey';
import { JourneySteps } from './journey-steps';
import { DEMO_CONTENT } from './persona-content';
import { PlatformHealth } from './platform-health';

/** /demo: the ecosystem seen by the chosen persona (docs/product/dashboards.md#demo-dashboard). */
export default function DemoPage() {
  const { persona } = usePersona();
  const content = DEMO_CONTENT[persona];
  const { pathname } = useLocation();
  const action = content.headerAction;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<LayoutDashboardIcon />}
        title={content.title}
        description={content.description}
        actions={
          <Button asChild>
            <Link to={demoHref(action.slug, pathname) + (action.search ?? '')}>
              {action.label}
              <ArrowRightIcon aria-hidden />
            </Link>
          </Button>
        }
      />
      <JourneySteps content={content} />
      <StatFigures stats={content.stats} />
      <ActivityAndTools content={content} />
      <PlatformHealth content={content} />
      <GrowthSections content={content} />
    </div>
  );
}
