import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Bell, BellOff } from 'lucide-react';
import { EmptyState } from '@/components/ui/EmptyState';

/** The bell and its dropdown. Notifications arrive in a later release: empty state for now. */
export function NotificationsMenu() {
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label="Notifications"
        className="relative flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Bell className="size-5" aria-hidden="true" />
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8 }}
        transition
        className="z-40 w-80 max-w-[calc(100vw-1rem)] rounded-xl bg-white shadow-lg ring-1 ring-slate-200 transition duration-150 data-closed:opacity-0 motion-reduce:transition-none"
      >
        <div className="border-b border-slate-200 px-4 py-3">
          <h2 className="text-base font-medium text-slate-900">Notifications</h2>
        </div>
        <div className="max-h-96 overflow-y-auto">
          <EmptyState icon={BellOff} title="No notifications yet" className="py-8" />
        </div>
      </PopoverPanel>
    </Popover>
  );
}
