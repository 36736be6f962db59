export { SiteAnalyticsPage } from './components/site-analytics-page';
