import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TableSkeleton } from '@/components/table-skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/** A tab: its panel as a component (rendered when shown) or as ready content. */
export type TabSpec = { value: string; label: string; icon?: ReactNode } & (
  { Content: ComponentType; content?: never } | { content: ReactNode; Content?: never }
);

/**
 * A tab's panel whose code loads when the tab is first shown: a page then evaluates only its
 * first tab's code on arrival. Not for the first tab: a pre-rendered page shows that one from
 * its HTML, and a boundary around it would make the pre-render hold the panel back for a script.
 */
export function lazyTab(name: string, load: () => Promise<ComponentType>): ComponentType {
  const Panel = lazy(async () => ({ default: await load() }));
  return function LazyTab() {
    return (
      <Suspense fallback={<TableSkeleton label={`Loading ${name}`} />}>
        <Panel />
      </Suspense>
    );
  };
}

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
            {t.icon ? <span aria-hidden>{t.icon}</span> : null}
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map(({ value, Content, content }) => (
        <TabsContent key={value} value={value}>
          {Content ? <Content /> : content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
