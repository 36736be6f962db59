import { Quote } from 'lucide-react';
import { useApprovedTestimonials } from '@/components/testimonials/use-approved-testimonials';
import { Card } from '@/components/ui/card';

/** Up to 2 approved testimonials, newest first; nothing at all when there are none (or the read fails). */
export function LandingTestimonials() {
  const data = useApprovedTestimonials(2);
  if (!data.length) return null;
  return (
    <section className="mt-16">
      <h2 className="font-bold text-2xl">What our customers say</h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-2">
        {data.map((t) => (
          <li key={t.id}>
            <Card className="h-full p-6">
              <figure>
                <Quote aria-hidden className="h-6 w-6 text-primary" />
                <blockquote className="mt-3 text-lg">{t.quote}</blockquote>
                <figcaption className="mt-4 text-muted-foreground text-sm">
                  <span className="font-semibold text-foreground">{t.author_name}</span>
                  {[t.role, t.company].filter(Boolean).length > 0 &&
                    `, ${[t.role, t.company].filter(Boolean).join(', ')}`}
                </figcaption>
              </figure>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
