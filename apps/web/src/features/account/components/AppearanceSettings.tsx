import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { THEME_CHOICES, THEME_LABELS, type ThemeChoice, setThemeChoice, useThemeChoice } from '@/lib/theme';

const THEME_ICONS: Readonly<Record<ThemeChoice, LucideIcon>> = { system: Monitor, light: Sun, dark: Moon };

/**
 * The colour theme on the Me tab: System, Light or Dark, as three radio buttons side by side (the
 * same choice as the user menu's, kept on this device and applied at once).
 */
export function AppearanceSettings() {
  const theme = useThemeChoice();
  const name = useId();
  const hintId = `${name}-hint`;
  return (
    <fieldset className="mt-3" aria-describedby={hintId}>
      <legend className="text-sm font-medium text-slate-900">Theme</legend>
      <div className="mt-2 grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
        {THEME_CHOICES.map((choice) => {
          const Icon = THEME_ICONS[choice];
          return (
            <label
              key={choice}
              className="flex min-h-11 min-w-0 cursor-pointer items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-600 has-checked:bg-white has-checked:text-slate-900 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-indigo-600 hover:text-slate-900"
            >
              <input
                type="radio"
                name={name}
                value={choice}
                checked={theme === choice}
                onChange={() => setThemeChoice(choice)}
                className="sr-only"
              />
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{THEME_LABELS[choice]}</span>
            </label>
          );
        })}
      </div>
      <p id={hintId} className="mt-2 text-sm text-slate-500">
        System follows your phone’s light or dark setting. Kept on this device.
      </p>
    </fieldset>
  );
}
