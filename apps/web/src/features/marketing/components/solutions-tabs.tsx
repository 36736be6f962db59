import { CheckCircle2 } from 'lucide-react';
import { Tabs } from '@/components/ui/tabs';
import { SOLUTIONS } from '../data/solutions';

const ITEMS = SOLUTIONS.map((s) => ({
  id: s.id,
  label: s.tab,
  panel: (
    <div className="grid gap-10 lg:grid-cols-[2fr_1fr]">
      <div>
        <h2 className="text-3xl font-bold tracking-tight">{s.headline}</h2>
        <p className="mt-4 text-lg text-muted-foreground">{s.intro}</p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-3">
          {s.benefits.map((b) => (
            <li key={b.title}>
              <h3 className="font-semibold">{b.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{b.text}</p>
            </li>
          ))}
        </ul>
      </div>
      <aside className="space-y-6">
        <div className="rounded-2xl bg-primary p-6 text-primary-foreground">
          <p className="text-4xl font-bold">{s.figure.value}</p>
          <p className="mt-2 text-sm opacity-90">{s.figure.label}</p>
        </div>
        <div className="rounded-2xl border p-6">
          <h3 className="font-semibold">Use cases</h3>
          <ul className="mt-3 space-y-2 text-sm">
            {s.useCases.map((u) => (
              <li key={u} className="flex gap-2">
                <CheckCircle2 aria-hidden className="h-4 w-4 shrink-0 translate-y-0.5 text-primary" />
                {u}
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  ),
}));

/** The four teams, one tab each; every team's panel is in the prerendered HTML. */
export function SolutionsTabs() {
  return <Tabs items={ITEMS} label="Solutions by team" variant="segmented" />;
}
