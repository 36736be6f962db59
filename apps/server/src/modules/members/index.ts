/** The module's public entry: what other modules may use (decision 018). */
export { membersPlugin } from './plugin';
export { ownerEmails } from './repository';
