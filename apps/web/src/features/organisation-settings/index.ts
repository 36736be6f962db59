export { OrganisationSettingsSection } from './components/organisation-settings-section';
