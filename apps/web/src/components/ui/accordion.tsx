import { ChevronDown } from 'lucide-react';
import { Accordion as AccordionPrimitive } from 'radix-ui';

/** Questions that open one at a time, on Radix (arrow keys, aria-expanded and aria-controls). */
export function Accordion({
  items,
  onOpen,
}: {
  items: readonly { question: string; answer: string }[];
  onOpen?: (index: number) => void;
}) {
  return (
    <AccordionPrimitive.Root
      type="single"
      collapsible
      className="divide-y rounded-xl border bg-card"
      onValueChange={(value) => value && onOpen?.(Number(value))}
    >
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the questions are a fixed list, and may repeat.
        <AccordionPrimitive.Item key={index} value={String(index)} className="px-5">
          <AccordionPrimitive.Header>
            <AccordionPrimitive.Trigger className="group flex w-full items-center justify-between gap-4 py-4 text-left font-medium">
              {item.question}
              <ChevronDown
                aria-hidden
                className="h-4 w-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
              />
            </AccordionPrimitive.Trigger>
          </AccordionPrimitive.Header>
          <AccordionPrimitive.Content className="pb-4 text-muted-foreground">{item.answer}</AccordionPrimitive.Content>
        </AccordionPrimitive.Item>
      ))}
    </AccordionPrimitive.Root>
  );
}
