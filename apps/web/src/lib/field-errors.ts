/**
 * A contract's issues ("website must be a web address …") as sentences beside their fields
 * ("Must be a web address …."), the first issue of each field only; and the first field in
 * `order` that has one, to take the focus.
 */
export function fieldErrors<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  order: readonly F[],
): { errors: Partial<Record<F, string>>; first: F | undefined } {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as F;
    if (!order.includes(field) || errors[field]) continue;
    const rest = issue.message.startsWith(`${field} `) ? issue.message.slice(field.length + 1) : issue.message;
    errors[field] = `${rest.charAt(0).toUpperCase()}${rest.slice(1)}${/[.!?]$/.test(rest) ? '' : '.'}`;
  }
  return { errors, first: order.find((f) => errors[f]) };
}
