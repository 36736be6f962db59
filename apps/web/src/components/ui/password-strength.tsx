import type { PasswordStrength } from '@giftrelay/contracts/password-strength';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils';

type Estimator = typeof import('@giftrelay/contracts/password-strength');

// Loaded the first time a meter is on screen: the dictionaries are large, and most pages have no
// password to rate (decision 037). The same estimate the server refuses very weak passwords by.
let estimator: Promise<Estimator> | undefined;
const loadEstimator = () => {
  estimator ??= import('@giftrelay/contracts/password-strength');
  return estimator;
};

const BAR_COLOURS = ['bg-destructive', 'bg-orange-500', 'bg-amber-500', 'bg-emerald-500', 'bg-emerald-600'];

/**
 * How hard the password being typed is to guess, as the person types: four bars, a word, and why
 * when it is weak. `email` makes a password built from the address count as weak.
 */
export function PasswordStrengthMeter({ password, email, id }: { password: string; email?: string; id?: string }) {
  const [strength, setStrength] = useState<PasswordStrength | null>(null);

  useEffect(() => {
    if (!password) {
      setStrength(null);
      return;
    }
    let current = true;
    // A short pause, so a fast typist is not rated letter by letter.
    const timer = setTimeout(() => {
      void loadEstimator().then((m) => {
        if (current) setStrength(m.passwordStrength(password, email));
      });
    }, 120);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, email]);

  if (!password || !strength) return <div id={id} className="min-h-5" aria-live="polite" />;
  const bars = Math.max(1, strength.score);
  return (
    <div id={id} className="grid gap-1.5" aria-live="polite" data-testid="password-strength">
      <div className="grid grid-cols-4 gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((n) => (
          <span key={n} className={cn('h-1.5 rounded-full', n <= bars ? BAR_COLOURS[strength.score] : 'bg-muted')} />
        ))}
      </div>
      <p className="text-sm">
        <span className="font-medium">Password strength: {strength.label}</span>
        {!strength.acceptable && <span className="text-destructive"> (too easy to guess)</span>}
        {strength.warning && <span className="text-muted-foreground"> {strength.warning}</span>}
        {strength.score < 3 && !strength.warning && strength.suggestions[0] && (
          <span className="text-muted-foreground"> {strength.suggestions[0]}</span>
        )}
      </p>
    </div>
  );
}
