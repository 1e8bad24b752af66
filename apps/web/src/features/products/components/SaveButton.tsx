import type { Product } from '@campusrun/shared';
import clsx from 'clsx';
import { Heart } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useToggleSaved } from '@/api/products';

/** The heart: saves the product (or removes it from saved items); pressed while saved. */
export function SaveButton({
  product,
  variant = 'button',
}: {
  product: Product;
  variant?: 'button' | 'overlay';
}) {
  const mutation = useToggleSaved();
  if (!product.can.save) return null;
  const saved = product.isSaved;
  const toggle = () =>
    mutation.mutate(
      { id: product.id, save: !saved },
      { onError: (error) => toast.error(errorMessage(error, 'Could not update your saved items')) },
    );
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={saved}
      aria-label={variant === 'overlay' ? `Save ${product.name}` : undefined}
      className={clsx(
        'inline-flex items-center justify-center gap-2 rounded-lg font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        variant === 'overlay'
          ? 'size-11 bg-white/90 text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-white'
          : 'min-h-11 px-4 text-sm text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50',
      )}
    >
      <Heart
        aria-hidden="true"
        className={clsx('size-5', saved ? 'fill-red-600 text-red-600' : 'text-slate-600')}
      />
      {variant === 'button' && (saved ? 'Saved' : 'Save')}
    </button>
  );
}
