import { deferredComponent } from '@/lib/deferred';
import type { DisputeDialogProps } from './DisputeDialog';
import type { StatementDialogProps } from './StatementDialog';

/** The dispute dialog, with its form rules, loaded after the first screen or on first open. */
export const DisputeDialog = deferredComponent<DisputeDialogProps>(() =>
  import('./DisputeDialog').then((m) => m.DisputeDialog),
);

/** The form of one side's statement with photos, loaded the same way. */
export const StatementDialog = deferredComponent<StatementDialogProps>(() =>
  import('./StatementDialog').then((m) => m.StatementDialog),
);
