import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The real menu button named `name`. The screen draws a stand-in until the student reaches for it;
 * pointing at it brings the real button in its place, as a finger or a mouse would, so the press
 * lands on the element that is there.
 */
export async function menuButton(name: string | RegExp, container: HTMLElement = document.body) {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('button', { name }).find((b) => container.contains(b));
    expect(found).toBeDefined();
    if (found!.hasAttribute('data-stand-in')) fireEvent.pointerEnter(found!);
    expect(found).not.toHaveAttribute('data-stand-in');
  });
  return found!;
}
