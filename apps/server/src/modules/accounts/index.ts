/** The module's public entry: what other modules may use (decision 018). */
export { hashPassword, refuseWeakPassword } from './passwords';
export { accountsPlugin } from './plugin';
export { endSessionsIn, insertMembership, insertUser, markEmailVerified } from './repository';
export { hasTwoFactor, ownersWithoutTwoFactor } from './two-factor-repository';
