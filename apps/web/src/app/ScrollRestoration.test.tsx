import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './ScrollRestoration';

function Page({ name }: { name: string }) {
  const navigate = useNavigate();
  return (
    <>
      <h1>{name}</h1>
      <button type="button" onClick={() => void navigate('/b')}>
        Open b
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={() => void navigate('/a?filter=x', { replace: true })}>
        Filter
      </button>
    </>
  );
}

function scrolledTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

describe('scroll restoration', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo);
    render(
      <MemoryRouter initialEntries={['/a']}>
        <ScrollRestoration />
        <Routes>
          <Route path="/a" element={<Page name="a" />} />
          <Route path="/b" element={<Page name="b" />} />
        </Routes>
      </MemoryRouter>,
    );
    scrollTo.mockClear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    scrolledTo(0);
  });

  const press = (name: string) => act(() => fireEvent.click(screen.getByRole('button', { name })));

  it('opens a new page at the top and returns Back to where the page was', async () => {
    scrolledTo(600);
    await press('Open b');
    expect(await screen.findByRole('heading', { name: 'b' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrolledTo(50);
    await press('Back');
    expect(await screen.findByRole('heading', { name: 'a' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 600);
  });

  it("leaves a list where it is when its filters change, and keeps positions for the tab's session", async () => {
    scrolledTo(300);
    await press('Filter');
    expect(scrollTo).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pagehide'));
    expect(
      Object.values(JSON.parse(sessionStorage.getItem('react-router-scroll-positions') ?? '{}')),
    ).toContain(300);
  });

  it('never moves a page that just opened from under a visitor who has scrolled it already', () => {
    // A slow phone: the drawn page is scrolled before the app takes it over.
    cleanup();
    scrolledTo(900);
    scrollTo.mockClear();
    render(
      <MemoryRouter initialEntries={['/a']}>
        <ScrollRestoration />
        <Routes>
          <Route path="/a" element={<Page name="a" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
