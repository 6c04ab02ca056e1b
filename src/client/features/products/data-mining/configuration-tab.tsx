import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { configSections } from './data';

export function ConfigurationTab() {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        {configSections.map((section) => (
          <Card key={section.title}>
            <CardHeader>
              <CardTitle>{section.title}</CardTitle>
              <CardDescription>{section.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="divide-y divide-slate-100 text-sm">
                {section.settings.map((s) => (
                  <div
                    key={s.label}
                    className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4"
                  >
                    <dt className="text-slate-600">{s.label}</dt>
                    <dd className="font-medium break-words text-slate-900 sm:text-right">
                      {s.value}
                    </dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        ))}
      </div>
      <div className="flex justify-end">
        <Button variant="outline" onClick={() => demoAction('Edit mining configuration')}>
          Edit configuration
        </Button>
      </div>
    </div>
  );
}
