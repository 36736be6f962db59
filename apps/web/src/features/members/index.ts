/** The feature's barrel: everything outside the feature imports it from here (decision 018). */

export { useMembers } from './api/list-members';
export { AcceptInvitation } from './components/accept-invitation';
export { MembersSection } from './components/members-section';
export { OrganisationSwitcher } from './components/organisation-switcher';
