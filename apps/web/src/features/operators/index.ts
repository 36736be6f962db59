/** The feature's barrel: everything outside the feature imports it from here (decision 018). */

export { OperatorsSection } from './components/operators-section';
