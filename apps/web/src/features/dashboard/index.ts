export { dashboardQueryOptions } from './api/get-dashboard';
export { dashboardChartsQueryOptions } from './api/get-dashboard-charts';
export { DashboardPage } from './components/dashboard-page';
