import { toast } from 'sonner';

/**
 * For buttons whose behaviour the product docs leave open: say what the full product
 * would do instead of doing nothing.
 */
export function demoAction(action: string, detail?: string): void {
  toast(action, {
    description:
      detail ?? 'In the full product this would happen here. This demo uses sample data only.',
  });
}
