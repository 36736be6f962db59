/** The feature's barrel: everything outside the feature imports it from here (decision 018). */

export { BlogGenerator } from './components/blog-generator';
