import { Button } from './button';

interface LoadErrorProps {
  /** What could not be loaded, as a sentence: "We could not load your dashboard." */
  title: string;
  error: Error;
  onRetry: () => void;
  isRetrying?: boolean;
}

/** A page's data did not arrive: say so with the reason, and offer to ask again. */
export function LoadError({ title, error, onRetry, isRetrying = false }: LoadErrorProps) {
  return (
    <div role="alert" className="grid gap-3 rounded-xl border p-6 text-sm sm:flex sm:items-center">
      <p>
        <span className="font-medium">{title}</span> {error.message}
      </p>
      <Button variant="outline" size="sm" className="sm:ml-auto" onClick={onRetry} disabled={isRetrying}>
        {isRetrying ? 'Trying again...' : 'Try again'}
      </Button>
    </div>
  );
}
