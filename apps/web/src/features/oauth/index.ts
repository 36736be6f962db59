export { ConnectedAppsSection } from './components/connected-apps-section';
export { ConsentPage } from './components/consent-page';
export { requestFromSearch } from './utils/consent-form';
