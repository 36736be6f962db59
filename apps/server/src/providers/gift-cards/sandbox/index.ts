export { CATEGORIES } from './brands';
export type { IssueStyle, SandboxProduct } from './catalog';
export { generateCode, passesLuhn } from './codes';
export { type FailurePlan, type SandboxOptions, SandboxProvider } from './sandbox-provider';
