import { deferredComponent } from '@/lib/deferred';
import type { RatingDialogProps } from './RatingDialog';

/** The rating dialog, with its form and validation, loaded after the first screen or on first open. */
export const RatingDialog = deferredComponent<RatingDialogProps>(() =>
  import('./RatingDialog').then((m) => m.RatingDialog),
);
