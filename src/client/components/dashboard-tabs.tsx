import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export type DashboardTab = { value: string; label: string; icon?: ReactNode; content: ReactNode };

/**
 * The tabs of a dashboard, with the selected one kept in the address
 * (`?tab=…`, omitted for the first) so that it survives a reload and can be linked.
 */
export function DashboardTabs({ label, tabs }: { label: string; tabs: readonly DashboardTab[] }) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]?.value ?? '';
  const requested = params.get('tab');
  const current = tabs.some((t) => t.value === requested) ? requested! : first;
  const select = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === first) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <Tabs value={current} onValueChange={select}>
      <TabsList aria-label={label}>
        {tabs.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {t.icon ? <span aria-hidden>{t.icon}</span> : null}
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((t) => (
        <TabsContent key={t.value} value={t.value}>
          {t.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
