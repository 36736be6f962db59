/** The feature's barrel: everything outside the feature imports it from here (decision 018). */

export { LeadsInbox } from './components/leads-inbox';
export { TestimonialsManager } from './components/testimonials-manager';
