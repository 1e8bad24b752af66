import { describe, expect, it } from 'vitest';
import { makeRequest } from '@/test/requests';
import { groupByRun, runHeading } from './run-groups';

const RUN = '5b2c0000-0000-4000-8000-000000000001';
const OTHER_RUN = '5b2c0000-0000-4000-8000-000000000002';

describe('requests grouped by shared run', () => {
  it('gathers a run’s requests at the place of the first, keeping the list’s order otherwise', () => {
    const a = makeRequest({ itemName: 'A', runId: RUN, pickupFrom: 'Katpadi market' });
    const b = makeRequest({ itemName: 'B' });
    const c = makeRequest({ itemName: 'C', runId: RUN, pickupFrom: 'Katpadi market' });
    const d = makeRequest({ itemName: 'D', runId: OTHER_RUN });
    const e = makeRequest({ itemName: 'E', runId: RUN, pickupFrom: 'Katpadi market' });
    const entries = groupByRun([a, b, c, d, e]);
    expect(
      entries.map((entry) =>
        entry.kind === 'run' ? entry.requests.map((r) => r.itemName).join('+') : entry.request.itemName,
      ),
    ).toEqual(['A+C+E', 'B', 'D']);
    // A run with one request here is a plain card.
    expect(entries[2]).toMatchObject({ kind: 'request' });
  });

  it('heads a run with where its items are bought and how many drops it makes', () => {
    const two = [makeRequest({ runId: RUN, pickupFrom: 'Hostel B canteen' }), makeRequest({ runId: RUN })];
    expect(runHeading(two)).toBe('Shared run · Hostel B canteen · 2 drops');
    expect(runHeading([makeRequest({ runId: RUN })])).toBe('Shared run · 1 drop');
  });
});
