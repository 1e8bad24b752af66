import { deferredComponent } from '@/lib/deferred';
import type { DisputeDialogProps } from './DisputeDialog';

/** The dispute dialog, with its form rules, loaded after the first screen or on first open. */
export const DisputeDialog = deferredComponent<DisputeDialogProps>(() =>
  import('./DisputeDialog').then((m) => m.DisputeDialog),
);
