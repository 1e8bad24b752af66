import { Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Input } from '@/components/ui/Input';
import { useDebouncedCallback } from '@/lib/debounced-callback';

const SEARCH_DEBOUNCE_MS = 300;

interface SearchFieldProps {
  /** Its label (read out) and placeholder, e.g. "Search products". */
  label: string;
  /** The words the list is searched for now (the URL's). */
  value: string;
  maxLength: number;
  /** Told the trimmed words 300 ms after the last key, and at once on Enter or Clear search. */
  onSearch: (words: string) => void;
  className?: string;
}

/**
 * A list's search box: what is typed shows at once, the list (and the URL) follow 300 ms after the
 * last key. When the URL's words change by other means (Back, "Clear filters"), the box shows them,
 * unless they are what is typed.
 */
export function SearchField({ label, value, maxLength, onSearch, className = '' }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const debounced = useDebouncedCallback((words: string) => onSearch(words.trim()), SEARCH_DEBOUNCE_MS);
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  // A link followed within 300 ms of the last key (a result tapped while still typing) leaves the
  // list: its words must not reach the address then, or they would take the member back to it.
  const { cancel } = debounced;
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a[href]')) cancel();
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [cancel]);
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        placeholder={label}
        autoComplete="off"
        maxLength={maxLength}
        value={text}
        className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
        onChange={(event) => {
          setText(event.target.value);
          debounced.run(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            debounced.cancel();
            onSearch(text.trim());
          }
        }}
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            debounced.cancel();
            setText('');
            onSearch('');
          }}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-700 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
