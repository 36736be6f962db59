/** The feature's barrel: everything outside the feature imports it from here (decision 018). */

export { LegalPage } from './components/legal-page';
export { default as privacyMarkdown } from './content/privacy.md?raw';
export { default as securityMarkdown } from './content/security.md?raw';
export { default as termsMarkdown } from './content/terms.md?raw';
