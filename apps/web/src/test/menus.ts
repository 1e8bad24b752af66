import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The real menu button named `name`. The screen draws a stand-in until the student presses or
 * focuses it; focusing it here brings the real button in its place, so the press lands on the
 * element that is there.
 */
export async function menuButton(name: string | RegExp, container: HTMLElement = document.body) {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('button', { name }).find((b) => container.contains(b));
    expect(found).toBeDefined();
    if (found!.hasAttribute('data-stand-in')) fireEvent.focus(found!);
    expect(found).not.toHaveAttribute('data-stand-in');
  });
  return found!;
}
