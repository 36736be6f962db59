import { ChevronDown } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { moveFocus } from './focus-keys';

/**
 * Questions that open one at a time (arrow keys, Home/End, aria-expanded and aria-controls), as
 * Radix's accordion did, without its code (landing pages show it; decision 006's budget). A closed
 * answer is not rendered.
 */
export function Accordion({
  items,
  onOpen,
}: {
  items: readonly { question: string; answer: string }[];
  onOpen?: (index: number) => void;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  return (
    <div ref={root} className="divide-y rounded-xl border bg-card">
      {items.map((item, index) => {
        const isOpen = open === index;
        const state = isOpen ? 'open' : 'closed';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the questions are a fixed list, and may repeat.
          <div key={index} data-state={state} className="px-5">
            <h3 data-state={state}>
              <button
                type="button"
                id={`${id}-trigger-${index}`}
                aria-controls={`${id}-content-${index}`}
                aria-expanded={isOpen}
                data-state={state}
                className="group flex w-full items-center justify-between gap-4 py-4 text-left font-medium"
                onClick={() => {
                  setOpen(isOpen ? null : index);
                  if (!isOpen) onOpen?.(index);
                }}
                onKeyDown={(event) =>
                  moveFocus(event, { group: root.current, selector: '[aria-expanded]', index, vertical: true })
                }
              >
                {item.question}
                <ChevronDown
                  aria-hidden
                  className="h-4 w-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
                />
              </button>
            </h3>
            {isOpen && (
              <section
                id={`${id}-content-${index}`}
                aria-labelledby={`${id}-trigger-${index}`}
                data-state={state}
                className="pb-4 text-muted-foreground"
              >
                {item.answer}
              </section>
            )}
          </div>
        );
      })}
    </div>
  );
}
