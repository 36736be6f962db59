export { CatalogPage } from './components/catalog-page';
