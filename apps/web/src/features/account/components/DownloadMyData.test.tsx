import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { deferred } from '@/test/products';
import { renderApp } from '@/test/render';
import { toastsSettled } from '@/test/toasts';
import { api, meHandler, server } from '@/test/server';

const FILE_URL = 'blob:campusrun-export';
const EXPORT = { user: { id: hosteller.id, name: hosteller.name }, requests: [], messages: [] };

let clicked: HTMLAnchorElement[];
beforeEach(() => {
  // jsdom has no object URLs, and a click on a download link would try to navigate.
  URL.createObjectURL = vi.fn(() => FILE_URL);
  URL.revokeObjectURL = vi.fn();
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  // @ts-expect-error jsdom has none of its own to put back
  delete URL.createObjectURL;
  // @ts-expect-error as above
  delete URL.revokeObjectURL;
});

async function openProfile() {
  server.use(
    meHandler(hosteller),
    http.get(api('/users/blocked'), () => HttpResponse.json({ users: [] })),
  );
  const result = renderApp('/profile', { user: hosteller, token: 'my-token' });
  await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 10_000 });
  return result;
}
const yourData = () => within(screen.getByRole('region', { name: 'Your data' }));

describe('your data', { timeout: 20_000 }, () => {
  it('says what the download holds, with its button', async () => {
    await openProfile();
    expect(
      yourData().getByText(
        'Download a copy of everything CampusRun holds about you: your profile, requests, deliveries, listings, messages, ratings and payments.',
      ),
    ).toBeInTheDocument();
    expect(yourData().getByRole('button', { name: 'Download my data' })).toBeEnabled();
    expect(yourData().getByRole('status')).toBeEmptyDOMElement();
  });

  it("downloads the file with the token and saves it under the server's name", async () => {
    const answer = deferred();
    let authorization: string | null = null;
    server.use(
      http.get(api('/users/me/export'), async ({ request }) => {
        authorization = request.headers.get('authorization');
        await answer.promise;
        return HttpResponse.json(EXPORT, {
          headers: { 'Content-Disposition': 'attachment; filename="campusrun-data-2026-11-27.json"' },
        });
      }),
    );
    const { user } = await openProfile();
    const button = yourData().getByRole('button', { name: 'Download my data' });
    await user.click(button);

    // While the file is prepared the button waits and the status line says so.
    const status = yourData().getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Preparing your file…'));
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(authorization).toBe('Bearer my-token'));
    expect(clicked).toHaveLength(0);

    answer.resolve();
    expect(await screen.findByText('Your data was downloaded')).toBeInTheDocument();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(JSON.parse(await blob.text())).toEqual(EXPORT);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('campusrun-data-2026-11-27.json');
    expect(clicked[0]!.getAttribute('href')).toBe(FILE_URL);
    // The link was only for the download, and the file's URL is given back.
    expect(clicked[0]!.isConnected).toBe(false);
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith(FILE_URL));
    expect(status).toBeEmptyDOMElement();
    expect(button).toBeEnabled();
  });

  it('saves under campusrun-data.json when the server names no file', async () => {
    server.use(http.get(api('/users/me/export'), () => HttpResponse.json(EXPORT)));
    const { user } = await openProfile();
    await user.click(yourData().getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data was downloaded')).toBeInTheDocument();
    expect(clicked.map((link) => link.download)).toEqual(['campusrun-data.json']);
  });

  it("a refused export (429) shows the server's message and the button works again", async () => {
    const message = 'You can download your data 3 times an hour. Try again later.';
    let calls = 0;
    server.use(
      http.get(api('/users/me/export'), () => {
        calls += 1;
        return HttpResponse.json({ message, code: 'RATE_LIMITED' }, { status: 429 });
      }),
    );
    const { user } = await openProfile();
    const button = yourData().getByRole('button', { name: 'Download my data' });
    await user.click(button);

    expect(await screen.findByText(message)).toBeInTheDocument();
    await toastsSettled();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText('Your data was downloaded')).not.toBeInTheDocument();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(clicked).toHaveLength(0);
    expect(button).toBeEnabled();
    expect(yourData().getByRole('status')).toBeEmptyDOMElement();

    await user.click(button);
    await waitFor(() => expect(calls).toBe(2));
  });
});
