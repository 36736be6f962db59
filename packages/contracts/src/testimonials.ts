import { z } from 'zod';
import { listEnvelope, pageQueryFields } from './lists';
import { safeText } from './primitives';

/**
 * Testimonials (issue 14, decision 048): quotes from customers that GiftRelay's operators add and
 * moderate. Only approved ones are ever served publicly (the landing pages show at most 2).
 */
export const TESTIMONIAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const TestimonialStatusSchema = z.enum(TESTIMONIAL_STATUSES, {
  error: 'Choose one of: pending, approved, rejected',
});
export type TestimonialStatus = z.infer<typeof TestimonialStatusSchema>;

export const TESTIMONIAL_LIMITS = { quote: 1000, authorName: 120, role: 120, company: 200 } as const;

const testimonialFields = {
  quote: safeText({
    min: 1,
    max: TESTIMONIAL_LIMITS.quote,
    multiline: true,
    required: 'Please enter the quote',
    tooShort: 'Please enter the quote',
    tooLong: `Quote must be at most ${TESTIMONIAL_LIMITS.quote} characters`,
  }),
  author_name: safeText({
    min: 1,
    max: TESTIMONIAL_LIMITS.authorName,
    required: 'Please enter the author’s name',
    tooShort: 'Please enter the author’s name',
    tooLong: `Name must be at most ${TESTIMONIAL_LIMITS.authorName} characters`,
  }),
  role: safeText({
    min: 1,
    max: TESTIMONIAL_LIMITS.role,
    required: 'Please enter the author’s role',
    tooShort: 'Please enter the author’s role',
    tooLong: `Role must be at most ${TESTIMONIAL_LIMITS.role} characters`,
  }),
  company: safeText({
    min: 1,
    max: TESTIMONIAL_LIMITS.company,
    required: 'Please enter the company',
    tooShort: 'Please enter the company',
    tooLong: `Company must be at most ${TESTIMONIAL_LIMITS.company} characters`,
  }),
};

/** `POST /api/v1/operator/testimonials`: a new testimonial, pending unless a status is given. */
export const CreateTestimonialBodySchema = z.object({
  ...testimonialFields,
  status: TestimonialStatusSchema.optional(),
});
export type CreateTestimonialBody = z.infer<typeof CreateTestimonialBodySchema>;

/** `PATCH /api/v1/operator/testimonials/{id}`: any of the fields; approving or rejecting is a status. */
export const UpdateTestimonialBodySchema = z
  .object({
    quote: testimonialFields.quote.optional(),
    author_name: testimonialFields.author_name.optional(),
    role: testimonialFields.role.optional(),
    company: testimonialFields.company.optional(),
    status: TestimonialStatusSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Change at least one field' });
export type UpdateTestimonialBody = z.infer<typeof UpdateTestimonialBodySchema>;

export const TestimonialParamsSchema = z.object({ id: z.uuid('must be a testimonial id') });

export const ListOperatorTestimonialsQuerySchema = z.object({
  status: TestimonialStatusSchema.optional(),
  ...pageQueryFields,
});
export type ListOperatorTestimonialsQuery = z.infer<typeof ListOperatorTestimonialsQuerySchema>;

/** A testimonial as operators see it. */
export const TestimonialSchema = z.object({
  id: z.uuid(),
  quote: z.string(),
  author_name: z.string(),
  role: z.string(),
  company: z.string(),
  status: TestimonialStatusSchema,
  created_at: z.string().meta({ description: 'ISO 8601, UTC' }),
  updated_at: z.string().meta({ description: 'ISO 8601, UTC' }),
  created_by_email: z.string().nullable(),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

export const ListOperatorTestimonialsResponseSchema = listEnvelope(TestimonialSchema);
export type ListOperatorTestimonialsResponse = z.infer<typeof ListOperatorTestimonialsResponseSchema>;

export const TestimonialResponseSchema = z.object({ success: z.literal(true), testimonial: TestimonialSchema });
export type TestimonialResponse = z.infer<typeof TestimonialResponseSchema>;

export const DeleteTestimonialResponseSchema = z.object({ success: z.literal(true) });

/** What the public read serves of an approved testimonial. */
export const PublicTestimonialSchema = z.object({
  id: z.uuid(),
  quote: z.string(),
  author_name: z.string(),
  role: z.string(),
  company: z.string(),
});
export type PublicTestimonial = z.infer<typeof PublicTestimonialSchema>;

export const PUBLIC_TESTIMONIALS_DEFAULT = 2;
export const PUBLIC_TESTIMONIALS_MAX = 10;
const PUBLIC_LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PUBLIC_TESTIMONIALS_MAX}`;

/** `GET /api/v1/testimonials?limit=`: approved testimonials, newest first (2 unless asked). */
export const ListPublicTestimonialsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: PUBLIC_LIMIT_MESSAGE })
    .int(PUBLIC_LIMIT_MESSAGE)
    .min(1, PUBLIC_LIMIT_MESSAGE)
    .max(PUBLIC_TESTIMONIALS_MAX, PUBLIC_LIMIT_MESSAGE)
    .default(PUBLIC_TESTIMONIALS_DEFAULT),
});

export const ListPublicTestimonialsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(PublicTestimonialSchema),
});
export type ListPublicTestimonialsResponse = z.infer<typeof ListPublicTestimonialsResponseSchema>;
