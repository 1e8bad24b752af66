/** datetime-local inputs: the browser's local wall time, to the minute ("2026-11-23T18:30"). */

/** A datetime-local value → ISO 8601 with Z; anything else is returned as it is (the schema says why). */
export function localToIso(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** A date as a datetime-local value, local time, to the minute. */
export function toLocalInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
