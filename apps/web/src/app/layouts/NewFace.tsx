import { Plus } from 'lucide-react';

/** What the central + shows. */
export function NewFace() {
  return (
    <>
      <span className="flex h-7 w-14 items-center justify-center rounded-full bg-indigo-600 text-on-fill shadow-sm">
        <Plus className="size-5" strokeWidth={2.6} aria-hidden="true" />
      </span>
      New
    </>
  );
}
