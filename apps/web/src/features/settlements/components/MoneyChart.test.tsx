import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { makeMoneySide, moneyWeekStarts } from '@/test/settlements';
import { MoneyChart } from './MoneyChart';

const renderWithProviders = (ui: ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

const lastWeek = moneyWeekStarts.at(-2)!;
const thisWeek = moneyWeekStarts.at(-1)!;
const side = () => ({
  ...makeMoneySide({
    [lastWeek]: { fees: 40, tips: 0 },
    [thisWeek]: {
      fees: 240,
      items: 180,
      tips: 20,
      deliveries: [
        {
          id: '9e900000-0000-4000-8000-000000000001',
          number: 12,
          title: 'Milk and bread',
          completedAt: '2026-11-24T10:00:00.000Z',
          fee: 240,
          items: 180,
          tip: 20,
        },
      ],
    },
  }),
  thisWeek: { fees: 240, items: 180, tips: 20 },
  thisMonth: { fees: 280, items: 180, tips: 20 },
  allTime: { fees: 1000, items: 500, tips: 50 },
});

describe('money chart', () => {
  it('has a table of every week for screen readers: earnings as fees, tips and their total', () => {
    renderWithProviders(<MoneyChart side={side()} kind="earned" />);
    const table = screen.getByRole('table', { name: 'Your earnings by week' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Week', 'Fees', 'Tips', 'Total']);
    expect(
      within(rows[12]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['₹240', '₹20', '₹260']);
    expect(within(rows[12]!).getByRole('rowheader')).toHaveTextContent('23 November');
    expect(
      within(rows[11]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['₹40', '₹0', '₹40']);
    // Totals of what was earned: fees and tips, never the items paid back.
    expect(screen.getByText('This week').nextSibling).toHaveTextContent('₹260');
    expect(screen.getByText('All time').nextSibling).toHaveTextContent('₹1,050');
  });

  it("counts a requester's items in what they spent", () => {
    renderWithProviders(<MoneyChart side={side()} kind="spent" />);
    const table = screen.getByRole('table', { name: 'What you spent by week' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[12]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['₹240', '₹180', '₹20', '₹440']);
  });

  it('has a button per week, named with its parts, that opens the deliveries behind it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MoneyChart side={side()} kind="earned" />);
    const bars = within(screen.getByRole('list', { name: 'Your earnings by week' })).getAllByRole('button');
    expect(bars).toHaveLength(12);
    const bar = screen.getByRole('button', { name: 'Week of 23 Nov: ₹240 fees, ₹20 tips' });
    expect(bar).toHaveAttribute('aria-expanded', 'false');
    await user.click(bar);
    expect(bar).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { name: 'Week of 23 Nov' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#12 Milk and bread' })).toHaveAttribute(
      'href',
      '/requests/9e900000-0000-4000-8000-000000000001',
    );
    await user.click(screen.getByRole('button', { name: 'Week of 16 Nov: ₹40 fees, ₹0 tips' }));
    expect(screen.getByText('No deliveries completed that week.')).toBeInTheDocument();
  });
});
