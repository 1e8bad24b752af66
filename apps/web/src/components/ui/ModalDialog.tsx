import {
  Dialog as HeadlessDialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Description,
} from '@headlessui/react';
import type { ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** One sentence of consequence. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned: Cancel (secondary) then Confirm (primary). */
  footer?: ReactNode;
}

/** A modal dialog: focus is trapped inside, Esc and a click outside close it, focus returns. */
export function ModalDialog({ open, onClose, title, description, children, footer }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 dark:bg-black/60 transition-opacity duration-150 data-closed:opacity-0 motion-reduce:transition-none"
      />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel
          transition
          className="w-full max-w-md rounded-xl bg-white p-6 shadow-lg ring-1 ring-slate-200 transition duration-150 data-closed:scale-95 data-closed:opacity-0 motion-reduce:transition-none"
        >
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          {description && <Description className="mt-2 text-sm text-slate-600">{description}</Description>}
          {children && <div className="mt-4">{children}</div>}
          {footer && (
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{footer}</div>
          )}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
