import { DEVICE_LABELS, type DeviceSession } from '@campusrun/shared';

/** Browsers by their user-agent token, most specific first (Edge and Opera also say Chrome). */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems by their user-agent token, most specific first (Android also says Linux). */
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: [RegExp, string][], ua: string) => table.find(([pattern]) => pattern.test(ua))?.[1];

/** A short human label for a user agent: "Chrome on Android", "Firefox on Windows", "Safari"… */
export function deviceLabel(userAgent: string): string {
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  if (browser && system) return DEVICE_LABELS.browserOn(browser, system);
  return browser ?? (system ? DEVICE_LABELS.system(system) : DEVICE_LABELS.unknown);
}

/** A session as its own account sees it. */
export const presentSession = (
  row: { id: string; userAgent: string; createdAt: Date; lastSeenAt: Date },
  currentId: string | undefined,
): DeviceSession => ({
  id: row.id,
  device: deviceLabel(row.userAgent),
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
  current: row.id === currentId,
});
