import { deferredComponent } from '@/lib/deferred';
import type { SaveSearchDialogProps } from './SaveSearchDialog';

/** The save dialog, with its form and validation, loaded after the first screen or on first open. */
export const SaveSearchDialog = deferredComponent<SaveSearchDialogProps>(() =>
  import('./SaveSearchDialog').then((m) => m.SaveSearchDialog),
);
