import {
  Dialog as HeadlessDialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Description,
} from '@headlessui/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useToastClearance } from '@/lib/toast';

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

/**
 * The part of the window the student can see, as its element's `top` and `bottom`: above an
 * on-screen keyboard, and where a browser that pans the page (iOS) has panned it. Without the
 * visual viewport API the element keeps its classes' place (the whole window).
 */
function useVisibleArea() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const viewport = window.visualViewport;
    const element = ref.current;
    if (!viewport || !element) return;
    const place = () => {
      element.style.top = `${viewport.offsetTop}px`;
      element.style.bottom = `${Math.max(0, window.innerHeight - viewport.height - viewport.offsetTop)}px`;
    };
    place();
    viewport.addEventListener('resize', place);
    viewport.addEventListener('scroll', place);
    return () => {
      viewport.removeEventListener('resize', place);
      viewport.removeEventListener('scroll', place);
    };
  }, []);
  return ref;
}

/**
 * A modal dialog: focus is trapped inside, Esc and a click outside close it, focus returns. On a
 * phone it is a sheet from the bottom edge, on a wider screen a card in the middle; either way it is
 * never taller than what can be seen (the keyboard and the browser's bars taken off): the title and
 * the buttons stay in place and what is between them scrolls.
 */
export function ModalDialog({ open, onClose, title, description, children, footer }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 dark:bg-black/60 transition-opacity duration-150 data-closed:opacity-0 motion-reduce:transition-none"
      />
      <VisibleArea>
        <DialogPanel
          transition
          className="flex max-h-full w-full flex-col rounded-t-2xl bg-white shadow-lg ring-1 ring-slate-200 transition duration-150 data-closed:translate-y-4 data-closed:opacity-0 motion-reduce:transition-none sm:max-w-md sm:rounded-xl sm:data-closed:translate-y-0 sm:data-closed:scale-95"
        >
          <DialogTitle className="shrink-0 px-6 pt-6 text-lg font-semibold text-slate-900">
            {title}
          </DialogTitle>
          {(description || children) && (
            <div
              className={`min-h-0 overflow-y-auto overscroll-contain px-6 ${footer ? 'pb-1' : 'pb-[max(1.5rem,env(safe-area-inset-bottom,0px))] sm:pb-6'}`}
            >
              {description && (
                <Description className="mt-2 text-sm text-slate-600">{description}</Description>
              )}
              {children && <div className="mt-4">{children}</div>}
            </div>
          )}
          {footer && <Footer>{footer}</Footer>}
        </DialogPanel>
      </VisibleArea>
    </HeadlessDialog>
  );
}

/** The dialog's buttons: a toast raised while it is open appears above them on a phone. */
function Footer({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useToastClearance(ref, 'bottom');
  return (
    <div
      ref={ref}
      className="flex shrink-0 flex-col-reverse gap-3 px-6 pt-5 pb-[max(1.5rem,env(safe-area-inset-bottom,0px))] sm:flex-row sm:justify-end sm:pb-6"
    >
      {children}
    </div>
  );
}

/** Lays the dialog out inside the visible part of the window: at its bottom edge on a phone. */
function VisibleArea({ children }: { children: ReactNode }) {
  const ref = useVisibleArea();
  return (
    <div ref={ref} className="fixed inset-0 flex items-end justify-center pt-4 sm:items-center sm:p-4">
      {children}
    </div>
  );
}
