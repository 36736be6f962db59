/** The module's public entry: what other modules may use (decision 018). */
export { hashPassword, isCommonPassword } from './passwords';
export { insertMembership, insertUser, markEmailVerified } from './repository';
