import { QueryClient } from '@tanstack/react-query';
import { act, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from '@/features/chat/components/Composer';
import { appReady, isTakingOver, markTakeOver } from './boot';
import { campusConfigQuery, seedCampusConfig } from './campus-config';

/**
 * A drawn card with one button, taken over, whose button is pressed before React has it (the press is
 * held); answers the card.
 */
function pressOnDrawnCard(): HTMLElement {
  document.body.innerHTML =
    '<div id="root"><section><button>I bought Lamp for ₹2,800</button></section></div>';
  const drawn = document.querySelector('button') as HTMLButtonElement;
  markTakeOver();
  appReady();
  drawn.click();
  return document.querySelector('section') as HTMLElement;
}

describe('appReady', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete window.campusrunReady;
    delete window.campusrunPendingSubmit;
    delete window.campusrunPendingClick;
  });

  it('presses again, once, the button pressed while the drawn page waited for the code, once React has it', () => {
    vi.useFakeTimers();
    const button = document.createElement('button');
    document.body.append(button);
    const onClick = vi.fn();
    button.addEventListener('click', onClick);
    window.campusrunPendingClick = button;

    appReady();
    // Not yet taken over by React: no press.
    vi.advanceTimersByTime(300);
    expect(onClick).not.toHaveBeenCalled();
    Object.assign(button, { __reactProps$test: {} });
    vi.advanceTimersByTime(100);
    expect(onClick).toHaveBeenCalledTimes(1);
    appReady();
    vi.advanceTimersByTime(6000);
    expect(onClick).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('after a take-over, holds a press on a button React does not have yet and makes it once React has it', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="root"><button>Waiting</button><button>Ready</button></div>';
    const [waiting, ready] = [...document.querySelectorAll('button')] as [
      HTMLButtonElement,
      HTMLButtonElement,
    ];
    Object.assign(ready, { __reactProps$test: {} });
    const presses: string[] = [];
    for (const button of [waiting, ready])
      button.addEventListener('click', () => presses.push(button.textContent ?? ''));
    markTakeOver();
    appReady();

    ready.click();
    waiting.click();
    // The card the button is on still waits for its code: the press waits with it.
    vi.advanceTimersByTime(500);
    expect(presses).toEqual(['Ready']);
    Object.assign(waiting, { __reactProps$test: {} });
    vi.advanceTimersByTime(100);
    expect(presses).toEqual(['Ready', 'Waiting']);
    waiting.click();
    expect(presses).toEqual(['Ready', 'Waiting', 'Waiting']);
    vi.useRealTimers();
  });

  it('presses the button drawn in its place when React draws the held button’s part afresh', () => {
    vi.useFakeTimers();
    const section = pressOnDrawnCard();
    // The part is drawn again in the browser: a new button with the same words, React's own.
    section.innerHTML = '<button>Other</button><button>I bought Lamp for ₹2,800</button>';
    const [other, fresh] = [...section.querySelectorAll('button')] as [HTMLButtonElement, HTMLButtonElement];
    const onFresh = vi.fn();
    const onOther = vi.fn();
    fresh.addEventListener('click', onFresh);
    other.addEventListener('click', onOther);
    Object.assign(fresh, { __reactProps$test: {} });
    Object.assign(other, { __reactProps$test: {} });
    vi.advanceTimersByTime(200);
    expect(onFresh).toHaveBeenCalledTimes(1);
    expect(onOther).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('waits for a held button’s part to be drawn again when it is away for a moment', () => {
    vi.useFakeTimers();
    const section = pressOnDrawnCard();
    // React throws the drawn part away and draws it again once its code is here.
    section.innerHTML = '';
    vi.advanceTimersByTime(1000);
    section.innerHTML = '<button disabled>I bought Lamp for ₹2,800</button>';
    vi.advanceTimersByTime(500);
    const fresh = section.querySelector('button') as HTMLButtonElement;
    const onFresh = vi.fn();
    fresh.addEventListener('click', onFresh);
    Object.assign(fresh, { __reactProps$test: {} });
    vi.advanceTimersByTime(500);
    // Not while it cannot be pressed (offline, or busy).
    expect(onFresh).not.toHaveBeenCalled();
    fresh.disabled = false;
    vi.advanceTimersByTime(200);
    expect(onFresh).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('presses nothing when the pressed button has left the page for good, or the page is another', () => {
    vi.useFakeTimers();
    const button = document.createElement('button');
    button.textContent = 'Accept';
    const onClick = vi.fn();
    button.addEventListener('click', onClick);
    window.campusrunPendingClick = button;
    appReady();
    vi.advanceTimersByTime(11_000);
    expect(onClick).not.toHaveBeenCalled();

    // Pressed, then the member went to another screen, which has a button of the same name.
    document.body.innerHTML = '<div id="root"><button>Accept</button></div>';
    const held = document.querySelector('button') as HTMLButtonElement;
    markTakeOver();
    appReady();
    held.click();
    held.remove();
    window.history.pushState(null, '', '/elsewhere');
    document.body.innerHTML = '<div id="root"><button>Accept</button></div>';
    const other = document.querySelector('button') as HTMLButtonElement;
    const onOther = vi.fn();
    other.addEventListener('click', onOther);
    Object.assign(other, { __reactProps$test: {} });
    vi.advanceTimersByTime(11_000);
    expect(onOther).not.toHaveBeenCalled();
    window.history.pushState(null, '', '/');
    vi.useRealTimers();
  });

  it('lets forms submit from now on and sends the one submitted while the page waited for the code', () => {
    const form = document.createElement('form');
    document.body.append(form);
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', onSubmit);
    window.campusrunPendingSubmit = form;

    appReady();
    expect(window.campusrunReady).toBe(true);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // Once only, however often the app reports ready.
    appReady();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('says the prerendered page is being taken over until the app is ready', () => {
    expect(isTakingOver()).toBe(false);
    markTakeOver();
    expect(isTakingOver()).toBe(true);
    appReady();
    expect(isTakingOver()).toBe(false);
  });

  it('sends nothing when the waiting form is no longer on the page', () => {
    const form = document.createElement('form');
    const onSubmit = vi.fn();
    form.addEventListener('submit', onSubmit);
    window.campusrunPendingSubmit = form;
    appReady();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('seedCampusConfig', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const settingsTag = (text: string) => {
    const tag = document.createElement('script');
    tag.type = 'application/json';
    tag.id = 'campus-config';
    tag.textContent = text;
    document.body.append(tag);
  };

  it('makes the settings written into the page the query data', () => {
    const campus = {
      campusName: 'Uni',
      emailDomain: 'uni.edu',
      googleEnabled: true,
      supportEmail: 'h@uni.edu',
    };
    settingsTag(JSON.stringify(campus));
    const client = new QueryClient();
    seedCampusConfig(client);
    expect(client.getQueryData(campusConfigQuery.queryKey)).toEqual(campus);
  });

  it('leaves the query to the API when the page has no settings, an unfilled placeholder or a wrong shape', () => {
    for (const text of [null, '__CAMPUS_CONFIG__', '{"campusName":1}']) {
      document.body.innerHTML = '';
      if (text !== null) settingsTag(text);
      const client = new QueryClient();
      seedCampusConfig(client);
      expect(client.getQueryData(campusConfigQuery.queryKey)).toBeUndefined();
    }
  });
});

describe('words typed into a drawn page before the app took it over', () => {
  /** A search box whose words the screen shows, and a filter whose change draws the box again. */
  function SearchScreen() {
    const [words, setWords] = useState('');
    const [category, setCategory] = useState('all');
    return (
      <div>
        <input type="search" aria-label="Search" value={words} onChange={(e) => setWords(e.target.value)} />
        <button onClick={() => setCategory('books')}>Books</button>
        <output>{`${words}|${category}`}</output>
      </div>
    );
  }

  afterEach(() => {
    document.body.innerHTML = '';
    delete window.campusrunReady;
  });

  it('reach the screen once React has the field, and stay when the screen draws the field again', async () => {
    document.body.innerHTML = `<div id="root">${renderToString(<SearchScreen />)}</div>`;
    const root = document.getElementById('root')!;
    const field = root.querySelector('input')!;
    // Typed into the drawn HTML, before any of the app's code had run.
    field.value = 'calculator';
    markTakeOver();
    await act(async () => {
      hydrateRoot(root, <SearchScreen />);
    });
    expect(field.value).toBe('calculator');
    expect(root.querySelector('output')!.textContent).toBe('|all');

    await act(async () => appReady());
    expect(root.querySelector('output')!.textContent).toBe('calculator|all');
    // Picking a filter draws the field again: the words stay, in the field and on the screen.
    await act(async () => root.querySelector('button')!.click());
    expect(field.value).toBe('calculator');
    expect(root.querySelector('output')!.textContent).toBe('calculator|books');
  });
  it('an Enter pressed in the message box before then sends what was typed, once, with no new line', async () => {
    const sent: string[] = [];
    function Thread() {
      const [text, setText] = useState('');
      const inputRef = useRef<HTMLTextAreaElement>(null);
      return (
        <Composer
          value={text}
          onChange={setText}
          inputRef={inputRef}
          onSend={(words) => {
            sent.push(words);
            setText('');
          }}
        />
      );
    }
    document.body.innerHTML = `<div id="root">${renderToString(<Thread />)}</div>`;
    const root = document.getElementById('root')!;
    const box = root.querySelector('textarea')!;
    expect(box.getAttribute('enterkeyhint')).toBe('send');
    // Typed and sent on the drawn page, before the app's code had run (boot/boot.js holds the Enter).
    box.value = 'Thank you! Coming now.';
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    box.dispatchEvent(enter);
    window.campusrunPendingSend = box;
    markTakeOver();
    await act(async () => {
      hydrateRoot(root, <Thread />);
    });
    expect(sent).toEqual([]);
    await act(async () => appReady());
    await waitFor(() => expect(sent).toEqual(['Thank you! Coming now.']));
    expect(box.value).toBe('');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(sent).toHaveLength(1);
  });
});
