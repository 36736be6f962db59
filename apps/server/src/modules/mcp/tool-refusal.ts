/**
 * The stable codes a tool refuses with (decision 074), beside the API's own error codes (an
 * AppError from a service keeps its code). A refusal is a tool result with `isError: true` whose
 * text an assistant can read out: what was refused, why, and what to do instead.
 */
export type ToolRefusalCode = 'TOOL_NOT_ALLOWED' | 'PREVIEW_NOT_FOUND' | 'PREVIEW_EXPIRED' | 'PREVIEW_CHANGED';

export class ToolRefusal extends Error {
  constructor(
    readonly code: ToolRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'ToolRefusal';
  }
}
