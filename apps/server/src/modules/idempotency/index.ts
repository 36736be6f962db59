/** The module's public entry: what other modules may use (decision 018). */
export { sendStoredAnswer } from './reply';
export {
  earlierAnswer,
  type IdempotencyKey,
  KEEP_HOURS,
  keepsRefusal,
  keyFor,
  replaceAnswer,
  requestFingerprint,
  runOnce,
  type StoredAnswer,
  storeRefusal,
  withIdempotencyKey,
} from './service';
export { priorAnswerCte, storeAnswerCte } from './statement-ctes';
