/** The feature's barrel: everything outside the feature imports it from here (decision 018). */

export { ConfirmEmail } from './components/confirm-email';
export { ProfileSection } from './components/profile-section';
