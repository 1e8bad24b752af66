import { useSyncExternalStore } from 'react';

/**
 * The colour theme. The user's choice (System, Light or Dark) is kept in local storage; System, the
 * default, follows the device's prefers-color-scheme. The resolved theme is the `dark` class on
 * <html> and the browser's theme colour. boot/boot.js applies the stored choice before the
 * first paint (same storage key and colours); this module keeps it in step afterwards.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
/** Each choice as the menus and the Me tab name it. */
export const THEME_LABELS: Readonly<Record<ThemeChoice, string>> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
};
export const THEME_STORAGE_KEY = 'theme';
/** <meta name="theme-color"> per theme: the brand indigo, or the dark header's slate-900. */
const THEME_COLORS: Readonly<Record<Theme, string>> = { light: '#4f46e5', dark: '#0f172a' };
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();

/** The stored choice; anything else (nothing stored, storage blocked) is System. */
export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(choice: ThemeChoice, prefersDark = systemPrefersDark()): Theme {
  return choice === 'system' ? (prefersDark ? 'dark' : 'light') : choice;
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

/** Stores the choice (System removes it), applies it and tells the screens. */
export function setThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    /* storage blocked: the choice lasts for this page only */
  }
  applyTheme(resolveTheme(choice));
  listeners.forEach((listener) => listener());
}

/**
 * Re-applies the theme when the device's preference changes (under System) or another tab changes
 * the choice. Answers the function that stops following.
 */
export function followTheme(): () => void {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const update = () => {
    applyTheme(resolveTheme(readThemeChoice()));
    listeners.forEach((listener) => listener());
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) update();
  };
  media?.addEventListener('change', update);
  window.addEventListener('storage', onStorage);
  return () => {
    media?.removeEventListener('change', update);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The current choice, updated when it changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, () => 'system');
}
