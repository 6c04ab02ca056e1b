import { Loader2Icon, ShieldAlertIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { TIMINGS } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';

/** A sign-on that cannot go on, with why, a retry where one helps, and a way back. */
export function InvalidRequest({ reason, onRetry }: { reason: string; onRetry?: () => void }) {
  return (
    <Card role="alert" className="border-rose-200">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-rose-900">
          <ShieldAlertIcon className="size-5" aria-hidden />
          Invalid Request
        </CardTitle>
        <CardDescription className="text-rose-900">{reason}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
        <Button variant="outline" asChild>
          <Link to="/demo">Return to Demo Dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * docs/product/sign-on.md#sso-step: "Signing you in to …" with a progress bar for 2000 ms, then
 * `go` takes the browser to the application.
 */
export function Redirecting({ appName, go }: { appName: string; go: () => void }) {
  const [progress, setProgress] = useState(0);
  const goRef = useRef(go);
  useEffect(() => {
    const started = performance.now();
    const tick = window.setInterval(() => {
      setProgress(
        Math.min(100, ((performance.now() - started) / TIMINGS.demoRedirectDelayMs) * 100),
      );
    }, 100);
    const leave = window.setTimeout(() => goRef.current(), TIMINGS.demoRedirectDelayMs);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(leave);
    };
  }, []);
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Loader2Icon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
        Signing you in to {appName}…
      </p>
      <Progress value={progress} aria-label={`Redirecting to ${appName}`} />
    </div>
  );
}
