/** The module's public entry: what other modules may use (decision 018). */
export {
  compactOrderStats,
  type DayRange,
  type Dimension,
  type Figures,
  figuresByDimension,
  figuresByPeriod,
  figuresByStatus,
  type OrderStatus,
  type Period,
  type Scope,
} from './repository';
