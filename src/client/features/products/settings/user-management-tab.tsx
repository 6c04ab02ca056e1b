import { UsersIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { adminRoles } from './data';

/** docs/product/dashboards.md#sample-admin-roles; enforcement is not shown. */
export function UserManagementTab() {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {adminRoles.map((r) => (
        <li key={r.role}>
          <Card className="flex h-full flex-col">
            <CardHeader>
              <div className="flex items-center justify-between gap-2">
                <CardTitle>{r.role}</CardTitle>
                <span className="flex items-center gap-1 text-sm text-slate-700 tabular-nums">
                  <UsersIcon className="size-4" aria-hidden />
                  {r.users} {r.users === 1 ? 'user' : 'users'}
                </span>
              </div>
              <CardDescription>{r.description}</CardDescription>
            </CardHeader>
            <CardContent className="flex-1">
              <p className="mb-2 text-xs font-medium text-slate-700">Permissions</p>
              <ul className="flex flex-wrap gap-1.5">
                {r.permissions.map((p) => (
                  <li key={p}>
                    <Badge>{p}</Badge>
                  </li>
                ))}
              </ul>
            </CardContent>
            <CardFooter>
              <Button
                variant="outline"
                size="sm"
                onClick={() => demoAction(`Manage ${r.role} members`)}
              >
                Manage members<span className="sr-only"> of {r.role}</span>
              </Button>
            </CardFooter>
          </Card>
        </li>
      ))}
    </ul>
  );
}
