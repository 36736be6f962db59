/** The module's public entry: what other modules may use (decision 065). */

export { choiceSetRoutes } from './routes';
export { choiceSetExists, optionProblem, presentOption, type ResolvedChoice, resolveChoice } from './service';
