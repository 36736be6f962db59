/** The module's public entry: what other modules may use (decision 018). */

export { CatalogCache, catalogGeneration } from './cache';
export { countAvailableProducts, lastSucceededSync } from './repository';
export { catalogRoutes } from './routes';
export { type CatalogProduct, getProduct, getProducts, getRuleProducts, logoUrl } from './service';
export { type SyncResult, syncCatalog } from './sync';
