import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export type TabSpec = { value: string; label: string; Content: ComponentType };

/** Selects a tab of the page's SearchParamTabs from elsewhere, e.g. a header button. */
export function useShowTab(): (value: string) => void {
  const [, setParams] = useSearchParams();
  return (value) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
}

/**
 * A dashboard's tabs with the selected one kept in the address (`?tab=`), so a
 * tab can be linked to and survives a reload. The first tab is the default and
 * leaves the address clean.
 */
export function SearchParamTabs({ tabs, label }: { tabs: readonly TabSpec[]; label: string }) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]?.value ?? '';
  const raw = params.get('tab');
  const selected = tabs.find((t) => t.value === raw)?.value ?? first;
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
    <Tabs value={selected} onValueChange={select}>
      <TabsList aria-label={label}>
        {tabs.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map(({ value, Content }) => (
        <TabsContent key={value} value={value}>
          <Content />
        </TabsContent>
      ))}
    </Tabs>
  );
}
