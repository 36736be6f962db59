/** A failed generation: its message is shown to the operator with 'Generation Failed'. */
export class WriterError extends Error {
  override name = 'WriterError';
}
