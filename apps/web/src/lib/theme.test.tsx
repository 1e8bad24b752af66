import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { meHandler, server } from '@/test/server';
import { menuButton } from '@/test/menus';
import {
  THEME_STORAGE_KEY,
  applyTheme,
  followTheme,
  readThemeChoice,
  resolveTheme,
  setThemeChoice,
} from './theme';

/** A device whose colour preference the test sets (jsdom has no matchMedia). */
function fakeDevicePreference(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return dark;
    },
    addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
  }));
  return {
    set(next: boolean) {
      dark = next;
      listeners.forEach((listener) => listener());
    },
  };
}

const html = document.documentElement;
const themeColor = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');

beforeEach(() => {
  document.head.innerHTML = '<meta name="theme-color" content="#4f46e5" />';
});

afterEach(() => {
  vi.unstubAllGlobals();
  html.classList.remove('dark');
});

describe('theme', () => {
  it('reads the stored choice; nothing stored or anything unknown is System', () => {
    expect(readThemeChoice()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(readThemeChoice()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(readThemeChoice()).toBe('light');
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readThemeChoice()).toBe('system');
  });

  it('resolves System to the device preference, and Light and Dark to themselves', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    // No matchMedia (an old browser, jsdom): light.
    expect(resolveTheme('system')).toBe('light');
  });

  it('applies a theme as the dark class on <html> and the browser theme colour', () => {
    applyTheme('dark');
    expect(html).toHaveClass('dark');
    expect(themeColor()).toBe('#0f172a');
    applyTheme('light');
    expect(html).not.toHaveClass('dark');
    expect(themeColor()).toBe('#4f46e5');
  });

  it('stores a choice and applies it; System removes the stored choice and follows the device', () => {
    fakeDevicePreference(true);
    setThemeChoice('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(html).not.toHaveClass('dark');
    setThemeChoice('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(html).toHaveClass('dark');
  });

  it('follows the device while the choice is System, and not once Light or Dark is chosen', () => {
    const device = fakeDevicePreference(false);
    const stop = followTheme();
    device.set(true);
    expect(html).toHaveClass('dark');
    device.set(false);
    expect(html).not.toHaveClass('dark');

    setThemeChoice('dark');
    device.set(false);
    expect(html).toHaveClass('dark');

    stop();
    localStorage.removeItem(THEME_STORAGE_KEY);
    device.set(false);
    expect(html).toHaveClass('dark');
  });

  it('follows a choice made in another tab', () => {
    fakeDevicePreference(false);
    const stop = followTheme();
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }));
    expect(html).toHaveClass('dark');
    stop();
  });

  it('is chosen in the user menu: Theme with System, Light and Dark, the current one marked', async () => {
    fakeDevicePreference(false);
    // The user menu positions itself with ResizeObserver, which jsdom lacks.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    server.use(meHandler(hosteller));
    const { user } = renderApp('/hosteller/dashboard', { user: hosteller });
    await user.click(await menuButton('Open user menu'));
    // The menu's code may still be arriving: it opens when it is here.
    expect(await screen.findByRole('group', { name: 'Theme' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'System' })).toHaveAttribute('aria-current', 'true');

    await user.click(screen.getByRole('menuitem', { name: 'Dark' }));
    expect(html).toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await user.click(await menuButton('Open user menu'));
    expect(screen.getByRole('menuitem', { name: 'Dark' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('menuitem', { name: 'System' })).not.toHaveAttribute('aria-current');
  });
});
