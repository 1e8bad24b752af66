import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type Arrival, deferredModule, standInProps, useArrival, useDeferred } from './deferred';

/** A real control: a button that toggles a panel. */
function RealMenu({ arrivedAs }: { arrivedAs?: Arrival }) {
  const button = useArrival(arrivedAs);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button ref={button} type="button" onClick={() => setOpen((o) => !o)}>
        Menu
      </button>
      {open && <p>Panel</p>}
    </>
  );
}

function setup() {
  let arrive: (c: typeof RealMenu) => void = () => {};
  const module = deferredModule(() => new Promise<typeof RealMenu>((resolve) => (arrive = resolve)));
  function Control() {
    const menu = useDeferred(module);
    const Real = menu.value;
    if (Real) return <Real arrivedAs={menu.arrivedAs} />;
    return (
      <button {...standInProps(menu)} data-stand-in="">
        Menu
      </button>
    );
  }
  render(<Control />);
  return { arrive: (c = RealMenu) => arrive(c) };
}

describe('a control whose code arrives later', () => {
  it('opens when its code arrives if it was pressed before', async () => {
    const { arrive } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.queryByText('Panel')).toBeNull();
    arrive();
    expect(await screen.findByText('Panel')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).not.toHaveAttribute('data-stand-in');
  });

  it('keeps keyboard focus when the real one replaces the stand-in, closed', async () => {
    const { arrive } = setup();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
    arrive();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Menu' })).not.toHaveAttribute('data-stand-in'),
    );
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
    expect(screen.queryByText('Panel')).toBeNull();
  });
});
