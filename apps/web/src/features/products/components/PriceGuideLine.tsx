import {
  PRICE_GUIDE_LIMITS,
  PRICE_GUIDE_MESSAGES,
  PRODUCT_CATEGORIES,
  type PriceGuide,
  type ProductCategory,
} from '@campusrun/shared';
import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { usePriceGuide } from '@/api/products';
import { useDebouncedCallback } from '@/lib/debounced-callback';
import { formatRupees } from '@/lib/format';
import type { ProductFieldValues } from './ProductFields';

/** 'Similar items sold on campus: ₹1,800–₹2,600 (median ₹2,200, 7 sales in the last year)'. */
const priceGuideText = (guide: PriceGuide) =>
  PRICE_GUIDE_MESSAGES.line(
    formatRupees(guide.low),
    formatRupees(guide.high),
    formatRupees(guide.median),
    guide.count,
  );

const isCategory = (value: string): value is ProductCategory =>
  (PRODUCT_CATEGORIES as readonly string[]).includes(value);

/**
 * Under the price of the sell and edit forms: what similar items sold for on campus, for the name
 * and category as typed (the name once typing pauses). Nothing shows while it loads, below three
 * sales or when the server refuses; the line opens smoothly instead of pushing the form down at
 * once, and is read out politely. `excludeId`: the product being edited is not its own guide.
 */
export function PriceGuideLine<T extends ProductFieldValues, TOut>({
  control,
  excludeId,
}: {
  control: Control<T, unknown, TOut>;
  excludeId?: string;
}) {
  const name = useWatch({ control, compute: (values: T) => values.name });
  const category = useWatch({ control, compute: (values: T) => values.category });
  const [asked, setAsked] = useState(name);
  const { run } = useDebouncedCallback(setAsked, PRICE_GUIDE_LIMITS.debounceMs);
  useEffect(() => run(name), [name, run]);

  const { data: guide } = usePriceGuide({
    category: isCategory(category) ? category : '',
    name: asked,
    excludeId,
  });
  const text = guide ? priceGuideText(guide) : '';
  return (
    <div
      aria-live="polite"
      className={clsx(
        'grid transition-[grid-template-rows] duration-300 ease-out motion-reduce:transition-none',
        text ? 'grid-rows-[1fr]' : 'grid-rows-[0fr]',
      )}
    >
      <p className="overflow-hidden text-sm text-slate-500">
        {text && <span className="block pt-1.5">{text}</span>}
      </p>
    </div>
  );
}
