import type { ChoiceOption, ClaimChoice } from '@giftrelay/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useClaimChoice } from '../api/get-claim-choice';
import { usePickChoice } from '../api/pick-choice';

interface Problem {
  text: string;
  /** Nothing to change: the same pick may work in a few minutes. */
  later: boolean;
}

const TRY_LATER: Problem = {
  text: 'We couldn’t get your card just now. Your reward is safe: please try again in a few minutes.',
  later: true,
};

/** What a refused or failed pick means to the recipient: choose another card, or come back later. */
function pickProblem(err: unknown, picked: ChoiceOption | undefined): Problem {
  if (err instanceof ApiError && err.code === 'CHOICE_OUT_OF_STOCK') {
    return { text: `${picked?.name ?? 'That card'} has just run out. Please choose another card.`, later: false };
  }
  if (err instanceof ApiError && err.status > 0 && err.status < 500) return { text: err.message, later: false };
  // The provider or the network failed: the value is kept, and the same pick can be made again.
  return TRY_LATER;
}

/** Why an earlier pick came back: its card is issued after the answer, so the provider may refuse it then. */
function returnedProblem(problem: ClaimChoice['problem']): Problem | undefined {
  if (problem === 'out_of_stock') {
    return { text: 'The card you chose has just run out. Please choose another card.', later: false };
  }
  return problem === 'try_again_later' ? TRY_LATER : undefined;
}

/**
 * A choice reward's cards (decision 080): each with its logo, name and terms, those out of stock
 * shown but not choosable; the pick issues the card, and the claim page then shows its code.
 */
export function ChoicePicker({ token }: { token: string }) {
  const id = useId();
  const choice = useClaimChoice(token, true);
  const pick = usePickChoice(token);
  const [selected, setSelected] = useState<string>();
  if (choice.isPending) {
    return (
      <p role="status" className="rounded-md bg-muted p-4">
        Loading your choices...
      </p>
    );
  }
  if (choice.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-md bg-muted p-4">
        <p>Your choices could not be loaded. Please try again in a moment.</p>
        <Button variant="outline" onClick={() => void choice.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const options = choice.data.options;
  const picked = options.find((o) => o.code === selected);
  const problem = pick.isError
    ? pickProblem(pick.error, picked)
    : pick.isIdle
      ? returnedProblem(choice.data.problem)
      : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!picked?.available || pick.isPending) return;
    pick.mutate(picked.code);
  };
  if (choice.data.status !== 'awaiting_choice' || pick.isSuccess) {
    return (
      <p role="status" className="rounded-md bg-muted p-4">
        Your card is being issued. This page will show the code in a moment.
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="grid gap-4" aria-labelledby={`${id}-title`}>
      <fieldset className="grid gap-3">
        <legend id={`${id}-title`} className="mb-1 font-semibold">
          Choose your gift card
        </legend>
        <ul className="grid gap-2">
          {options.map((o) => {
            const reasonId = `${id}-${o.code}-reason`;
            return (
              <li key={o.code}>
                <label
                  className={cn(
                    'flex items-start gap-3 rounded-lg border p-3',
                    o.available ? 'cursor-pointer hover:bg-muted/60' : 'opacity-60',
                    selected === o.code && 'border-primary ring-2 ring-primary',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-card`}
                    value={o.code}
                    className="mt-3"
                    checked={selected === o.code}
                    disabled={!o.available || pick.isPending}
                    aria-describedby={o.available ? undefined : reasonId}
                    onChange={() => {
                      setSelected(o.code);
                      pick.reset();
                    }}
                  />
                  <img src={o.logo} alt="" width={40} height={40} className="size-10 shrink-0 rounded-md bg-white" />
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className="font-medium break-words">{o.name}</span>
                    {o.brand !== o.name && <span className="text-sm text-muted-foreground">{o.brand}</span>}
                    {!o.available && (
                      <span id={reasonId} className="text-sm">
                        Out of stock right now: please choose another card.
                      </span>
                    )}
                  </span>
                </label>
                {o.terms && (
                  <details className="mt-1 ml-3 text-sm">
                    <summary className="cursor-pointer text-muted-foreground">Terms of {o.name}</summary>
                    <p className="mt-1 whitespace-pre-line text-muted-foreground">{o.terms}</p>
                  </details>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      {problem && (
        <div role="alert" className="rounded-md border border-destructive/60 p-3 text-sm">
          {problem.later && <p className="font-semibold">Please try again later</p>}
          <p>{problem.text}</p>
        </div>
      )}
      <Button type="submit" className="w-full" aria-disabled={!picked?.available || pick.isPending}>
        {pick.isPending
          ? 'Getting your card...'
          : problem?.later && picked
            ? `Try again: choose ${picked.name}`
            : picked
              ? `Choose ${picked.name}`
              : 'Choose a card'}
      </Button>
      <p className="text-xs text-muted-foreground">You can choose once: the card is issued as soon as you choose.</p>
    </form>
  );
}
