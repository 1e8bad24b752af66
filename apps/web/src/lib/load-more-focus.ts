import { useCallback, useEffect, useRef } from 'react';

/**
 * "Load more" for keyboard and screen-reader users: once the next page is in, focus moves to the
 * first new item's link, so they continue where the new items start (on the last page the button
 * disappears, which would otherwise drop focus to <body>). Put `listRef` on the <ul> whose <li>s
 * are the items and call `markLoadMore()` when the button is pressed.
 */
export function useLoadMoreFocus(items: readonly { id: string }[] | undefined) {
  const listRef = useRef<HTMLUListElement>(null);
  const pending = useRef<{ index: number; lastId: string | undefined } | null>(null);

  useEffect(() => {
    const mark = pending.current;
    if (!mark || !items) return;
    // The list was replaced (new filters, a refetch that dropped items): nothing to continue from.
    if (items[mark.index - 1]?.id !== mark.lastId) pending.current = null;
    else if (items.length > mark.index) {
      pending.current = null;
      listRef.current?.children[mark.index]?.querySelector<HTMLElement>('a[href]')?.focus();
    }
  }, [items]);

  const markLoadMore = useCallback(() => {
    pending.current = { index: items?.length ?? 0, lastId: items?.at(-1)?.id };
  }, [items]);

  return { listRef, markLoadMore };
}
