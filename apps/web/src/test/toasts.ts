import { act, screen } from '@testing-library/react';
import { toast } from '@/lib/toast';

/** The texts of the toasts on screen. */
export function toastTexts(): string[] {
  return [...document.querySelectorAll('.Toastify__toast')].map((el) => el.textContent ?? '');
}

/**
 * Waits until every toast raised so far has had its chance to show: toasts show in the order they
 * are raised, so once a marker toast raised now is on screen, any earlier one would be too.
 */
export async function toastsSettled() {
  const marker = `marker-${Math.random().toString(36).slice(2)}`;
  act(() => toast.info(marker, { toastId: marker }));
  await screen.findByText(marker, undefined, { timeout: 5000 });
}
