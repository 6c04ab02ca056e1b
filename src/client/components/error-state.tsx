import { AlertTriangleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export function ErrorState({
  title = 'Error',
  message,
  onRetry,
  children,
}: {
  title?: string;
  message: ReactNode;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center gap-2 rounded-lg border border-rose-200 bg-rose-50 px-6 py-8 text-center"
    >
      <AlertTriangleIcon className="size-7 text-rose-700" aria-hidden />
      <p className="font-semibold text-rose-900">{title}</p>
      <p className="max-w-md text-sm text-rose-900">{message}</p>
      {/* The reason belongs with the message; Try again ends the box. */}
      {children}
      {onRetry ? (
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
