import { ArrowUpRightIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { PlatformBadge } from '@/components/cross-platform-badge';
import { Card, CardContent } from '@/components/ui/card';
import { demoHref } from './journey';
import { SectionTitle } from './section-title';
import type { DemoContent } from './types';

export function ActivityAndTools({ content }: { content: DemoContent }) {
  const { pathname } = useLocation();
  return (
    <div className="mb-8 grid grid-cols-1 gap-6 lg:grid-cols-5">
      <section aria-labelledby="demo-activity" className="lg:col-span-3">
        <SectionTitle id="demo-activity" title="Recent Activity" />
        <Card>
          <CardContent className="p-0">
            <ul className="divide-y divide-slate-200">
              {content.activity.map((a) => (
                <li
                  key={a.id}
                  className="flex flex-col gap-1 p-4 sm:flex-row sm:items-start sm:gap-4"
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900">{a.title}</p>
                    <p className="text-sm text-slate-600">{a.detail}</p>
                  </div>
                  <div className="flex shrink-0 items-center gap-2 sm:flex-col sm:items-end">
                    <PlatformBadge platform={a.platform} />
                    <span className="text-xs text-slate-600">{a.time}</span>
                  </div>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </section>
      <section aria-labelledby="demo-tools" className="lg:col-span-2">
        <SectionTitle id="demo-tools" title="Tools" />
        <ul className="grid grid-cols-1 gap-3">
          {content.tools.map((t) => (
            <li key={t.slug}>
              <Link
                to={demoHref(t.slug, pathname)}
                className="group flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition-colors duration-150 hover:border-indigo-300 hover:bg-indigo-50/40"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{t.name}</p>
                  <p className="text-sm text-slate-600">{t.description}</p>
                </div>
                <ArrowUpRightIcon
                  className="size-4 shrink-0 text-slate-400 group-hover:text-indigo-700"
                  aria-hidden
                />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
