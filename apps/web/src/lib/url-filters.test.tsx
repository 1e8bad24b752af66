import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlFilters } from './url-filters';

interface Filters {
  search: string;
  category: string;
}
const parse = (params: URLSearchParams): Filters => ({
  search: params.get('search') ?? '',
  category: params.get('category') ?? '',
});
const DEFAULTS: Partial<Filters> = {};

function List() {
  const { setFilters } = useUrlFilters(parse, DEFAULTS);
  return (
    <>
      <p>{useLocation().search || 'no filters'}</p>
      {/* A category is picked, and the debounced search lands before the router has shown it. */}
      <button
        type="button"
        onClick={() => {
          setFilters({ category: 'books' });
          setFilters({ search: 'calculus' });
        }}
      >
        Pick and search
      </button>
      <button type="button" onClick={() => setFilters({ category: '' })}>
        All categories
      </button>
    </>
  );
}

describe('list filters in the address', () => {
  it('keeps a filter picked while an earlier change is still on its way', async () => {
    render(
      <MemoryRouter initialEntries={['/list']}>
        <Routes>
          <Route path="/list" element={<List />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('no filters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pick and search' }));
    expect(await screen.findByText('?category=books&search=calculus')).toBeInTheDocument();
    // Clearing one keeps the other.
    await userEvent.click(screen.getByRole('button', { name: 'All categories' }));
    expect(await screen.findByText('?search=calculus')).toBeInTheDocument();
  });
});
