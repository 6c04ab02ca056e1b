import { DownloadIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useExportUsersCsv } from './api';
import type { UsersListState } from './list-params';
import { TOOLBAR_LABEL } from './toolbar-label';

/**
 * Export CSV (docs/product/admin-console.md#users-export): the users of the view on screen —
 * search, filters and order — downloaded as a file. While it downloads the button says so and
 * ignores presses, keeping the focus where it is.
 */
export function ExportUsersButton({ view }: { view: UsersListState }) {
  const exporter = useExportUsersCsv();
  const busy = exporter.isPending;
  const run = async () => {
    if (busy) return;
    try {
      const file = await exporter.mutateAsync(view);
      toast.success('Users Exported', { description: `Saved as ${file}.` });
    } catch (err) {
      toast.error('Export Failed', {
        description: err instanceof Error ? err.message : 'The users could not be exported',
      });
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      aria-disabled={busy}
      title="Export CSV"
      className="aria-disabled:cursor-progress aria-disabled:opacity-50"
      onClick={() => void run()}
    >
      <DownloadIcon aria-hidden />
      <span className={TOOLBAR_LABEL}>{busy ? 'Exporting…' : 'Export CSV'}</span>
    </Button>
  );
}
