import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  type Arrival,
  deferredComponent,
  deferredModule,
  standInProps,
  useArrival,
  useDeferred,
} from './deferred';

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

  it('opens when its code arrives after a press has started on the stand-in', async () => {
    const { arrive } = setup();
    // The press begins on the stand-in; the real control takes its place before the release, so no
    // click reaches either button.
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Menu' }));
    arrive();
    expect(await screen.findByText('Panel')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).not.toHaveAttribute('data-stand-in');
  });

  it('stays a stand-in once its code is here, even under the pointer, until it is focused', async () => {
    const { arrive } = setup();
    arrive();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Menu' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('data-stand-in');
    fireEvent.focus(screen.getByRole('button', { name: 'Menu' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Menu' })).not.toHaveAttribute('data-stand-in'),
    );
    expect(screen.queryByText('Panel')).toBeNull();
  });

  it('keeps keyboard focus when the real one replaces the stand-in, closed', async () => {
    const { arrive } = setup();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
    arrive();
    // Focus moves to the real button once it is drawn (in its effect, just after it replaces the
    // stand-in).
    await waitFor(() => {
      const real = screen.getByRole('button', { name: 'Menu' });
      expect(real).not.toHaveAttribute('data-stand-in');
      expect(real).toHaveFocus();
    });
    expect(screen.queryByText('Panel')).toBeNull();
  });
});

describe('a dialog whose code arrives later', () => {
  function setupDialog() {
    let loads = 0;
    let arrive: () => void = () => {};
    // Drawn closed, it says so: a closed dialog that is drawn at all shows here.
    const Real = ({ open }: { open: boolean }) =>
      open ? <p role="dialog">Real dialog</p> : <p>Closed dialog</p>;
    const Dialog = deferredComponent<{ open: boolean }>(() => {
      loads += 1;
      return new Promise((resolve) => (arrive = () => resolve(Real)));
    });
    function Screen() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Dialog open={open} />
        </>
      );
    }
    render(<Screen />);
    return { arrive: () => arrive(), loads: () => loads };
  }

  it('asks for its code once, and shows when opened before the code was here', async () => {
    const { arrive, loads } = setupDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    arrive();
    expect(await screen.findByRole('dialog')).toHaveTextContent('Real dialog');
    expect(loads()).toBe(1);
  });

  it('loads its code unasked but draws nothing until it is first opened', async () => {
    const { arrive, loads } = setupDialog();
    arrive();
    await waitFor(() => expect(loads()).toBe(1));
    // Let the arrival settle: a closed dialog drawn anyway would show "Closed dialog".
    await act(() => Promise.resolve());
    expect(screen.queryByText('Closed dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Real dialog');
    expect(loads()).toBe(1);
  });
});
