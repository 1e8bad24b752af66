import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '@/server-render';
import { campusConfig, hosteller } from '@/test/fixtures';
import { makeTrip, tripCan } from '@/test/logistics';
import { makeRequest } from '@/test/requests';
import { api, server } from '@/test/server';

const ratings = http.get(api('/ratings/user/:id'), () =>
  HttpResponse.json({ rating: { average: 0, count: 0 } }),
);
const openTrip = () => makeTrip({ can: tripCan('attach') });

describe('trips offered on a page the server draws', () => {
  it('draws the offer with its trip, so its button works as soon as the page is taken over', async () => {
    const request = makeRequest({ itemName: 'Bread' });
    server.use(
      ratings,
      http.get(api(`/requests/${request.id}`), () => HttpResponse.json({ request })),
      http.get(api('/trips'), () => HttpResponse.json({ trips: [openTrip()] })),
    );
    const page = await renderSignedIn({
      url: `/requests/${request.id}`,
      user: hosteller,
      timeZone: 'Asia/Kolkata',
      campus: campusConfig,
      api: async (pathAndQuery: string) => {
        const response = await fetch(`http://localhost${pathAndQuery}`);
        return { status: response.status, body: await response.text() };
      },
    });
    expect(page!.html).toContain('Add to Ravi’s trip');
    expect(page!.html).not.toContain('<!--$!-->');
  });
});
