/** The feature's barrel: everything outside the feature imports it from here (decision 018). */
export { ChoiceOptionsAtValue } from './components/choice-options-at-value';
export { ChoiceSetsPage } from './components/choice-sets-page';
