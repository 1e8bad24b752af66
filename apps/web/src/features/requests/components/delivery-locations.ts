/**
 * The last `count` different delivery locations of the student's own requests, newest first
 * (`requests` newest first); spelling variants that differ only in case or spaces count once.
 */
export function recentLocations(requests: readonly { deliveryLocation: string }[], count = 3): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const { deliveryLocation } of requests) {
    const location = deliveryLocation.trim();
    const key = location.toLowerCase().replace(/\s+/g, ' ');
    if (!location || seen.has(key)) continue;
    seen.add(key);
    result.push(location);
    if (result.length === count) break;
  }
  return result;
}
