import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The menu button named `name` once its code is here. Until then the screen draws a stand-in, and
 * pointing at it brings the real button in its place, so a press aimed at the stand-in could land on
 * an element that is no longer there (a finger would press the real one).
 */
export async function menuButton(name: string | RegExp, container: HTMLElement = document.body) {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('button', { name }).find((b) => container.contains(b));
    expect(found).toBeDefined();
    expect(found).not.toHaveAttribute('data-stand-in');
  });
  return found!;
}
