import { deferredComponent } from '@/lib/deferred';
import type { ReportDialogProps } from './ReportDialog';

/** The report dialog, with its form and validation, loaded after the first screen or on first open. */
export const ReportDialog = deferredComponent<ReportDialogProps>(() =>
  import('./ReportDialog').then((m) => m.ReportDialog),
);
