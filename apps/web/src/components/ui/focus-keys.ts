import type { KeyboardEvent } from 'react';

/**
 * Arrow keys (wrapping), Home and End between a group's items, as Radix's roving focus did: focuses
 * the `selector` match the key leads to inside `group`, from the one at `index`.
 */
export function moveFocus(
  event: KeyboardEvent,
  {
    group,
    selector,
    index,
    vertical,
  }: { group: HTMLElement | null; selector: string; index: number; vertical: boolean },
) {
  // With a modifier, the key is the browser's (Alt+Left goes back), as with Radix.
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const items = group?.querySelectorAll<HTMLElement>(selector) ?? [];
  const last = items.length - 1;
  const [back, forward] = vertical ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
  const to = { [back]: index === 0 ? last : index - 1, [forward]: index === last ? 0 : index + 1, Home: 0, End: last }[
    event.key
  ];
  if (to === undefined) return;
  event.preventDefault();
  items[to]?.focus();
}
