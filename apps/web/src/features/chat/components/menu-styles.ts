/** A ⋯ button that opens a menu: 44 px to tap on phones. */
export const moreButtonClasses =
  'flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 data-open:bg-slate-100';

export const menuItemsClasses =
  'z-40 w-56 rounded-xl bg-white py-1 shadow-lg ring-1 ring-slate-200 transition duration-150 focus:outline-none data-closed:opacity-0 motion-reduce:transition-none';

export const menuItemClasses =
  'flex min-h-11 w-full items-center gap-3 px-4 py-2.5 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';
