import { render, screen as view } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppLoading } from './AppLoading';
import { type LazyScreen, screen } from './lazy-screen';
import { RouteBoundary } from './RouteBoundary';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/ChatPage-x.js');

function renderScreen(Chat: LazyScreen) {
  render(
    <MemoryRouter initialEntries={['/chat']}>
      <RouteBoundary fallback={<AppLoading />}>
        <Routes>
          <Route path="/chat" Component={Chat} />
        </Routes>
      </RouteBoundary>
    </MemoryRouter>,
  );
}

const renderRoute = (load: () => Promise<() => React.ReactNode>) => renderScreen(screen(load));

describe('lazy screens', () => {
  const reload = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    vi.stubGlobal('location', { ...window.location, reload });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    reload.mockReset();
  });

  it('render the loaded screen', async () => {
    renderRoute(async () => () => <h1>Conversations</h1>);
    expect(await view.findByRole('heading', { name: 'Conversations' })).toBeInTheDocument();
  });

  it('give the page a title while their code loads, and the screen its own once drawn', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    renderRoute(async () => {
      await arrived;
      return () => (
        <>
          <title>Chat · CampusRun</title>
          <h1>Conversations</h1>
        </>
      );
    });
    expect(await view.findByRole('status')).toBeInTheDocument();
    expect(document.title).toBe('Loading… · CampusRun');
    arrive();
    expect(await view.findByRole('heading', { name: 'Conversations' })).toBeInTheDocument();
    expect(document.title).toBe('Chat · CampusRun');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
  });

  it('draw at once when their code was loaded ahead (a prerendered page is taken over)', async () => {
    const Chat = screen(async () => () => <h1>Conversations</h1>);
    await Chat.load();
    renderScreen(Chat);
    expect(view.getByRole('heading', { name: 'Conversations' })).toBeInTheDocument();
  });

  it('reload once when the code of a screen is gone (a new version was deployed)', async () => {
    renderRoute(() => Promise.reject(chunkError()));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(view.getByText('Loading CampusRun…')).toBeInTheDocument();
  });

  it('show the error screen, not an empty page, when loading fails again right after a reload', async () => {
    sessionStorage.setItem('campusrun:chunk-reload', String(Date.now()));
    renderRoute(() => Promise.reject(chunkError()));
    expect(await view.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(view.getByText(/Failed to fetch dynamically imported module/)).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('show the error screen for any other failure without reloading', async () => {
    renderRoute(() => Promise.reject(new Error('boom')));
    expect(await view.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
