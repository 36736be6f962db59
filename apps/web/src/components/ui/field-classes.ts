/** The text field's and its label's classes, on their own for forms that do without `cn` (a landing page's). */
export const INPUT_CLASS =
  'flex h-10 w-full rounded-md border bg-background px-3 py-2 text-sm placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive';
export const LABEL_CLASS = 'text-sm font-medium leading-none';
