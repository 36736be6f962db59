import type { Product } from '@giftrelay/contracts';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { formatRange } from '../utils/format';
import { ProductLogo } from './product-logo';

interface SelectedProductBarProps {
  product: Product;
  /** Opens the send dialog; without it the button is shown but not offered. */
  onConfigure?: (product: Product) => void;
  onClear: () => void;
}

/** The bar along the bottom of the screen for the product chosen with Send. */
export function SelectedProductBar({ product, onConfigure, onClear }: SelectedProductBarProps) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClear();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClear]);

  // Toasts read this to stay above the bar rather than under it.
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--bottom-bar-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--bottom-bar-height');
    };
  }, []);

  return (
    // Sticky at the end of the page's own column, not fixed to the window: it never covers the
    // sidebar, whatever the width or the sidebar's state.
    <section
      ref={bar}
      aria-label="Selected product"
      className="sticky bottom-0 z-30 mt-6 border-t bg-background/95 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
        <ProductLogo name={product.name} logoUrl={product.logoUrl} className="size-10" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{product.name}</p>
          <p className="text-sm text-muted-foreground">{formatRange(product)}</p>
        </div>
        <div className="flex w-full gap-2 sm:w-auto">
          <Button className="flex-1 sm:flex-none" disabled={!onConfigure} onClick={() => onConfigure?.(product)}>
            Configure &amp; Send
          </Button>
          <Button variant="ghost" size="icon" aria-label="Clear selection" onClick={onClear}>
            <X aria-hidden />
          </Button>
        </div>
      </div>
    </section>
  );
}
