import type { Role } from '@campusrun/shared';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { X } from 'lucide-react';
import { Sidebar } from './Sidebar';

/** Below 1024 px the sidebar slides over the screen from the left, as a dialog. */
export function SlideOverMenu({ open, onClose, role }: { open: boolean; onClose: () => void; role: Role }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 lg:hidden">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 dark:bg-black/60 transition-opacity duration-150 data-closed:opacity-0 motion-reduce:transition-none"
      />
      <div className="fixed inset-0 flex">
        <DialogPanel
          transition
          className="relative flex w-full max-w-72 flex-1 bg-white pt-[env(safe-area-inset-top,0px)] pb-[env(safe-area-inset-bottom,0px)] pl-[env(safe-area-inset-left,0px)] transition duration-150 ease-out data-closed:-translate-x-full motion-reduce:transition-none"
        >
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="absolute top-[calc(0.75rem+env(safe-area-inset-top,0px))] right-3 z-10 flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <X className="size-6" aria-hidden="true" />
          </button>
          <DialogTitle className="sr-only">Menu</DialogTitle>
          <div className="w-full">
            <Sidebar role={role} onNavigate={onClose} />
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
