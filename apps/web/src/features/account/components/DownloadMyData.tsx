import clsx from 'clsx';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { toast } from '@/lib/toast';
import { useExportMyData } from '@/api/account';

/** The name the file is saved under when the server suggests none. */
const EXPORT_FALLBACK_FILENAME = 'campusrun-data.json';

const TOAST_ID = 'profile:export';

/**
 * Download my data: a copy of everything CampusRun holds about the user, saved as one JSON file.
 * While the file is prepared the button waits and the line under it says so (read out politely).
 */
export function DownloadMyData() {
  const exportData = useExportMyData();
  const busy = exportData.isPending;

  const download = async () => {
    try {
      const { blob, filename } = await exportData.mutateAsync();
      saveFile(blob, filename ?? EXPORT_FALLBACK_FILENAME);
      toast.success('Your data was downloaded', { toastId: TOAST_ID });
    } catch (error) {
      toast.error(errorMessage(error, 'Could not download your data'), { toastId: TOAST_ID });
    }
  };

  return (
    <div className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm text-slate-600">
          Download a copy of everything CampusRun holds about you: your profile, requests, deliveries,
          listings, messages, ratings and payments.
        </p>
        <p role="status" className={clsx('text-sm font-medium text-slate-900', busy && 'mt-1')}>
          {busy ? 'Preparing your file…' : ''}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="shrink-0"
        onClick={() => void download()}
        isLoading={busy}
      >
        {!busy && <Download className="size-4" aria-hidden="true" />}
        Download my data
      </Button>
    </div>
  );
}
