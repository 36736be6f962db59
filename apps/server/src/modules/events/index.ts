/** The module's public entry: what other modules may use (decision 018). */

export { eventsPlugin } from './plugin';
export { findEvent as findEventRow, insertEvent, insertEvents, type NewEvent } from './repository';
