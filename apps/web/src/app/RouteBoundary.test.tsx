import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteBoundary } from './RouteBoundary';

function Broken(): React.ReactNode {
  throw new Error('boom');
}

describe('route boundary', () => {
  it('shows the error screen for a failing screen, and the next screen once the address changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/fine">Elsewhere</Link>
        <RouteBoundary fallback={null}>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<h1>Fine</h1>} />
          </Routes>
        </RouteBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(/boom/)).toBeInTheDocument();
    await act(() => fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' })));
    expect(await screen.findByRole('heading', { name: 'Fine' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
