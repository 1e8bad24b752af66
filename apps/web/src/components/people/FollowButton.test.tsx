import { FOLLOW_MESSAGES, type FollowState, type PublicProfile } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { toastsSettled } from '@/test/toasts';

const summary = { average: 0, count: 0 };

/** The hosteller's profile as the day scholar sees it. */
function sellerProfile(follow: FollowState): PublicProfile {
  return {
    id: hosteller.id,
    name: hosteller.name,
    avatar: null,
    role: 'hosteller',
    memberSince: '2026-08-01T10:00:00.000Z',
    ratings: { asDeliverer: summary, asRequester: summary, asSeller: summary, asBuyer: summary },
    reviews: [],
    stats: { deliveriesCompleted: 0, requestsCompleted: 0, itemsSold: 3, deliveryCancellationRate: null },
    reliability: {
      deliveriesCompleted: 0,
      requestsCompleted: 0,
      cancellationsAfterAcceptance: 0,
      deliveriesGivenUp: 0,
      disputesLost: 0,
      settlementsOverdue: 0,
      memberSince: '2026-08-01T10:00:00.000Z',
    },
    listings: [],
    ...follow,
  };
}

/** Opens the seller's profile as `viewer` (the day scholar unless said). */
async function openProfile(follow: FollowState, viewer = dayscholar) {
  server.use(
    meHandler(viewer),
    http.get(api(`/users/${hosteller.id}/profile`), () =>
      HttpResponse.json({ profile: sellerProfile(follow) }),
    ),
  );
  const app = renderApp(`/users/${hosteller.id}`, { user: viewer });
  await screen.findByRole('heading', { level: 1, name: new RegExp(hosteller.name) });
  return app;
}

const followButton = () =>
  screen.queryByRole('button', { name: new RegExp(`^Follow(ing)? ${hosteller.name}$`) });

describe('Follow on a public profile', () => {
  it('shows the follow at once, before the server answers, and unfollows the same way', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const calls: string[] = [];
    server.use(
      http.put(api('/users/:id/follow'), async ({ params }) => {
        calls.push(`PUT ${String(params.id)}`);
        await answered;
        return HttpResponse.json({
          follow: { following: true, followerCount: 5, canFollow: true },
          message: FOLLOW_MESSAGES.followed,
        });
      }),
      http.delete(api('/users/:id/follow'), ({ params }) => {
        calls.push(`DELETE ${String(params.id)}`);
        return HttpResponse.json({
          follow: { following: false, followerCount: 4, canFollow: true },
          message: FOLLOW_MESSAGES.unfollowed,
        });
      }),
    );
    const { user, queryClient } = await openProfile({ following: false, followerCount: 4, canFollow: true });
    expect(screen.getByText('4 followers')).toBeInTheDocument();
    const button = followButton()!;
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveTextContent('Follow');

    await user.click(button);
    // Pressed and counted while the server has not answered yet.
    expect(followButton()).toHaveAttribute('aria-pressed', 'true');
    expect(followButton()).toHaveTextContent('Following');
    expect(screen.getByText('5 followers')).toBeInTheDocument();
    release();
    expect(calls).toEqual([`PUT ${hosteller.id}`]);

    // Once answered (the press waits for it), pressing again unfollows.
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    await user.click(followButton()!);
    expect(await screen.findByText('4 followers')).toBeInTheDocument();
    expect(followButton()).toHaveAttribute('aria-pressed', 'false');
    expect(calls).toEqual([`PUT ${hosteller.id}`, `DELETE ${hosteller.id}`]);
  });

  it("puts it back and says the server's reason when the follow is refused", async () => {
    server.use(
      http.put(api('/users/:id/follow'), () =>
        HttpResponse.json(
          { message: FOLLOW_MESSAGES.blocked, code: 'FORBIDDEN', reason: 'forbidden' },
          { status: 403 },
        ),
      ),
    );
    const { user } = await openProfile({ following: false, followerCount: 2, canFollow: true });
    await user.click(followButton()!);

    expect(await screen.findByText(FOLLOW_MESSAGES.blocked)).toBeInTheDocument();
    expect(followButton()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('2 followers')).toBeInTheDocument();
    await toastsSettled();
    expect(screen.getAllByText(FOLLOW_MESSAGES.blocked)).toHaveLength(1);
  });

  it('offers no Follow where the server would take none', async () => {
    await openProfile({ following: false, followerCount: 1, canFollow: false });
    expect(followButton()).toBeNull();
    expect(screen.getByText('1 follower')).toBeInTheDocument();
  });

  it('one’s own profile links to whom one follows and who follows one', async () => {
    await openProfile({ following: false, followerCount: 3, canFollow: false }, hosteller);
    expect(followButton()).toBeNull();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: '3 followers' })).toHaveAttribute(
      'href',
      '/following?tab=followers',
    );
    expect(main.getByRole('link', { name: 'Following' })).toHaveAttribute('href', '/following');
  });
});
