import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { drawParts, lazyPart, loadParts, partsLoaded } from './lazy-part';

const Card = ({ label }: { label: string }) => <p>{label}</p>;

describe('lazyPart', () => {
  it('names the parts a render met, once loaded or not', async () => {
    const Settle = lazyPart('test-settle', async () => Card);
    const Other = lazyPart('test-other', async () => Card);
    const page = (withOther: boolean) => (
      <Suspense fallback={<p>Loading</p>}>
        <Settle label="You owe ₹500" />
        {withOther && <Other label="Trip" />}
      </Suspense>
    );

    const first = drawParts(() => renderToString(page(false)));
    expect(first.parts).toEqual(['test-settle']);
    await partsLoaded();
    const second = drawParts(() => renderToString(page(true)));
    expect(second.parts).toEqual(['test-settle', 'test-other']);
    // A part whose code is not here yet leaves the boundary to the browser; the next pass draws it.
    expect(second.drawn).not.toContain('You owe ₹500');
    await partsLoaded();
    expect(drawParts(() => renderToString(page(true))).drawn).toContain('You owe ₹500');
    // Outside `drawParts` nothing is gathered.
    expect(drawParts(() => renderToString(<p />)).parts).toEqual([]);
  });

  it('draws a part whose code was loaded before, in the same render, with no fallback', async () => {
    const load = vi.fn(async () => Card);
    const Settle = lazyPart('test-preloaded', load);
    await loadParts(['test-preloaded', 'a part no page has']);
    expect(load).toHaveBeenCalledTimes(1);

    const { container } = render(
      <Suspense fallback={<p>Loading</p>}>
        <Settle label="I bought Lamp for ₹2,800" />
      </Suspense>,
    );
    // No act(): the first commit already holds the part.
    expect(container.textContent).toBe('I bought Lamp for ₹2,800');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads a part not loaded before when it is drawn, and tries a failed load again', async () => {
    const load = vi
      .fn<() => Promise<typeof Card>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Card);
    const Settle = lazyPart('test-flaky', load);
    await loadParts(['test-flaky']);
    expect(load).toHaveBeenCalledTimes(1);

    render(
      <Suspense fallback={<p>Loading</p>}>
        <Settle label="Paid" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(() => partsLoaded());
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
