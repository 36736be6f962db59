import { type AccountsContext, type AccountsDeps, accountsContext } from './context';
import { changePassword, requestPasswordReset, resetPassword } from './password-changes';
import { getUser, listOrganisations, updateProfile } from './profile';
import { listSessions, logout, refresh, revokeOtherSessions, revokeSession, switchOrganisation } from './sessions';
import { completeTwoFactorSignIn, signIn } from './sign-in';
import { resendVerification, signUp } from './sign-up';
import { verifyEmail } from './verify-email';

export type { OrganisationCreatedHook } from './context';
export { type IssuedSession, SESSION_IDLE_SECONDS } from './issue-session';
export { RATE_LIMITS } from './rate-limits';
export { EmailNotConfirmedError, type TwoFactorPending } from './sign-in';

/**
 * Sign-up, sign-in, sessions, links and passwords: one file per use case, each taking the
 * module's context first; this binds them to one context for the routes.
 */
export function createAccountsService(deps: AccountsDeps) {
  const context = accountsContext(deps);
  const bound =
    <A extends unknown[], R>(useCase: (context: AccountsContext, ...args: A) => R) =>
    (...args: A): R =>
      useCase(context, ...args);
  return {
    signUp: bound(signUp),
    signIn: bound(signIn),
    completeTwoFactorSignIn: bound(completeTwoFactorSignIn),
    refresh: bound(refresh),
    logout: bound(logout),
    getUser: bound(getUser),
    listOrganisations: bound(listOrganisations),
    switchOrganisation: bound(switchOrganisation),
    verifyEmail: bound(verifyEmail),
    resendVerification: bound(resendVerification),
    requestPasswordReset: bound(requestPasswordReset),
    resetPassword: bound(resetPassword),
    changePassword: bound(changePassword),
    updateProfile: bound(updateProfile),
    listSessions: bound(listSessions),
    revokeSession: bound(revokeSession),
    revokeOtherSessions: bound(revokeOtherSessions),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
