import { deferredComponent } from '@/lib/deferred';
import type { DialogProps } from './ModalDialog';

export type { DialogProps };

/**
 * A modal dialog: focus is trapped inside, Esc and a click outside close it, focus returns. Its code
 * (Headless UI's dialog, focus trap and portal) is not on a screen's first path: it arrives after the
 * first screen is drawn, or when the dialog first opens.
 */
export const Dialog = deferredComponent<DialogProps>(() =>
  import('./ModalDialog').then((m) => m.ModalDialog),
);
