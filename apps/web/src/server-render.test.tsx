import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from './server-render';
import { campusConfig, hosteller } from '@/test/fixtures';
import { can, makeRequest, withDeliverer } from '@/test/requests';
import { api, server } from '@/test/server';
import { makeSettlement, settlementCan } from '@/test/settlements';

/** The API as the page's member, answered by the test server's handlers. */
const asMember = async (pathAndQuery: string) => {
  const response = await fetch(`http://localhost${pathAndQuery}`);
  return { status: response.status, body: await response.text() };
};

describe('renderSignedIn', () => {
  it('draws a lazily loaded part with the data it asks for, instead of leaving it to the browser', async () => {
    // A completed request's page: its settle card is code of its own, loaded when the page shows one,
    // and it asks for the settlement once drawn.
    const request = withDeliverer(
      makeRequest({ itemName: 'Milk and bread', completedAt: new Date().toISOString(), can: can('chat') }),
      'completed',
    );
    const settlement = makeSettlement({
      thing: { id: request.id, title: 'Milk and bread', number: 12 },
      can: settlementCan('pay', 'dispute'),
    });
    server.use(
      http.get(api(`/requests/${request.id}`), () => HttpResponse.json({ request })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
      http.get(api('/settlements/for'), () => HttpResponse.json({ settlement })),
    );

    const page = await renderSignedIn({
      url: `/requests/${request.id}`,
      user: hosteller,
      timeZone: 'Asia/Kolkata',
      campus: campusConfig,
      api: asMember,
    });

    expect(page).not.toBeNull();
    expect(page!.html).toContain('Settle up');
    expect(page!.html).toMatch(/I paid in cash/);
    // Nothing left for the browser to draw: a press on the card works as soon as it is taken over.
    expect(page!.html).not.toContain('<!--$!-->');
    expect(page!.state).toContain('"settlements"');
    // The page names the card's code, which the browser loads before it takes the page over.
    expect((JSON.parse(page!.state) as { parts: string[] }).parts).toEqual(['settle-card']);
  });
});
