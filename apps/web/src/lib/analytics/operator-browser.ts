/**
 * Whether this browser belongs to a signed-in platform operator: their own visits to the pages
 * they publish are not the public's, so Site analytics does not count them (issue 35: one operator
 * looking at their page made "2 views, conversion 50 %"). A flag in localStorage, no secret: the
 * session code sets it when the server says the person is an operator and clears it at sign-out,
 * and the published page, which loads no session code, reads it. A visitor who sets it by hand
 * only leaves themselves out of the figures.
 */
const OPERATOR_KEY = 'giftrelay-operator';

export function markOperatorBrowser(isOperator: boolean) {
  try {
    if (isOperator) localStorage.setItem(OPERATOR_KEY, '1');
    else localStorage.removeItem(OPERATOR_KEY);
  } catch {
    // Storage blocked: nothing to remember, and nothing to read either.
  }
}

export function isOperatorBrowser(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(OPERATOR_KEY) === '1';
  } catch {
    return false;
  }
}
