import type { Product } from '@campusrun/shared';
import clsx from 'clsx';
import { HandCoins, MessageCircle } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { formatRupees } from '@/lib/format';
import { useDockedBar } from '../hooks/useDockedBar';

/** The chat with the product's seller, opened with the product's card and a ready question. */
export const contactPath = (product: Product) =>
  `${paths.chatWith(product.sellerId)}?product=${encodeURIComponent(product.id)}`;

interface BuyerBarProps {
  product: Product;
  /** Contact Seller is offered. */
  contact: boolean;
  /** Make an offer is offered (on wide screens it stays in the offers panel). */
  offer: boolean;
  onOffer: () => void;
  /** How tall the bar is while it is fixed to the bottom of the screen (0 when it is not). */
  onHeight: (height: number) => void;
}

/**
 * A buyer's ways to buy an available product. Below 1024 px a bar fixed to the bottom of the screen,
 * above the tab bar (and the home indicator where there is none), with the price, Contact Seller and
 * Make an offer, so they are one tap away however far the page is scrolled. On wider screens Contact
 * Seller sits in the page as a large button, as it always did.
 */
export function BuyerBar({ product, contact, offer, onOffer, onHeight }: BuyerBarProps) {
  const ref = useRef<HTMLElement>(null);
  const height = useDockedBar(ref);
  useLayoutEffect(() => {
    onHeight(height);
    return () => onHeight(0);
  }, [height, onHeight]);

  return (
    <section
      ref={ref}
      aria-label="Buy this item"
      className={clsx(
        'max-lg:fixed max-lg:inset-x-0 max-lg:bottom-[var(--tab-bar-height,0px)] max-lg:z-20',
        'max-lg:border-t max-lg:border-slate-200 max-lg:bg-white/95 max-lg:pt-3 max-lg:backdrop-blur',
        'max-lg:pr-[max(1rem,env(safe-area-inset-right,0px))] max-lg:pl-[max(1rem,env(safe-area-inset-left,0px))]',
        // Above the tab bar a little room; with no tab bar below it, clear of the home indicator too.
        'max-lg:pb-[max(0.75rem,calc(env(safe-area-inset-bottom,0px)_+_0.5rem_-_var(--tab-bar-height,0px)))]',
      )}
    >
      <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-3 gap-y-2 lg:block">
        {/* The price while the bar is at the bottom of the screen (below 1024 px): on wider screens it
            is in the heading. Decided by the same width as the bar's place, so it is drawn at once. */}
        <div className="shrink-0 lg:hidden">
          <p className="text-lg leading-tight font-semibold text-slate-900 tabular-nums">
            {formatRupees(product.price)}
          </p>
          {product.isNegotiable && <p className="text-xs text-slate-600">Negotiable</p>}
        </div>
        <div className="flex flex-1 gap-2 sm:flex-none lg:flex lg:flex-col lg:gap-3 xl:flex-row">
          {contact && (
            <Link
              to={contactPath(product)}
              className={buttonClasses({
                className: 'flex-1 whitespace-nowrap max-sm:px-3 lg:px-5 lg:py-3 lg:text-base',
              })}
            >
              <MessageCircle className="size-5 max-sm:hidden" aria-hidden="true" />
              Contact Seller
            </Link>
          )}
          {offer && (
            <Button
              variant={contact ? 'secondary' : 'primary'}
              onClick={onOffer}
              className="flex-1 whitespace-nowrap max-sm:px-3 lg:hidden"
            >
              <HandCoins className="size-5 max-sm:hidden" aria-hidden="true" />
              Make an offer
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
