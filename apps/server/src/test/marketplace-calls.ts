import { expect } from 'vitest';
import type { AppNotification } from '@campusrun/shared';
import type { TestApp } from './build-test-app';
import { bearer, createUser, tokenFor } from './factories';
import { multipartBody, pngImage } from './images';

/** A product as the sell form lists it; what a test leaves out is a fair second-hand listing. */
export interface Listing {
  name: string;
  price?: number;
  category?: string;
  description?: string;
}

/**
 * Members and their API calls in marketplace tests: `person` makes a member with their bearer
 * header, `call` sends as them (or signed out, `null`), `sell` lists a product through the API as the
 * sell form does (so the events of a new listing follow), and `noticesWhen` waits for notices of one
 * type that follow a post's answer. `app` gives the test app, which a file's `beforeAll` builds after
 * this is set up.
 */
export function marketplaceCalls(app: () => TestApp) {
  let photo: Promise<Buffer> | undefined;

  async function person(role: 'hosteller' | 'dayscholar', name?: string) {
    const user = await createUser(app().db, { role, name });
    const token = await tokenFor(app(), user);
    return { ...user, token, h: bearer(token) };
  }
  type Person = Awaited<ReturnType<typeof person>>;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    who: Person | null,
    payload?: object,
  ) =>
    app().app.inject({ method, url: `/api${path}`, headers: who?.h ?? {}, ...(payload ? { payload } : {}) });

  async function sell(seller: Person, listing: Listing) {
    photo ??= pngImage();
    const body = multipartBody(
      {
        name: listing.name,
        description: listing.description ?? 'Pick up from my room',
        price: String(listing.price ?? 450),
        category: listing.category ?? 'books',
        condition: 'good',
        quantity: '1',
        isNegotiable: 'false',
      },
      [{ filename: 'photo.png', contentType: 'image/png', data: await photo }],
    );
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...seller.h, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().product as { id: string };
  }

  const noticesOf = async (who: Person, type: AppNotification['type']) =>
    ((await call('GET', '/notifications?limit=50', who)).json().notifications as AppNotification[]).filter(
      (n) => n.type === type,
    );

  /** The member's notices of `type` once `done` says so (or after 5 s, as they are then). */
  async function noticesWhen(
    who: Person,
    type: AppNotification['type'],
    done: (n: AppNotification[]) => boolean,
  ) {
    for (let i = 0; i < 100; i++) {
      const notices = await noticesOf(who, type);
      if (done(notices)) return notices;
      await new Promise((r) => setTimeout(r, 50));
    }
    return noticesOf(who, type);
  }

  return { person, call, sell, noticesOf, noticesWhen };
}

/** A member made by `marketplaceCalls`. */
export type MarketPerson = Awaited<ReturnType<ReturnType<typeof marketplaceCalls>['person']>>;
