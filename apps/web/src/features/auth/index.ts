/** The feature's barrel: everything outside the feature imports it from here (decision 018). */

export { AuthCard } from './components/auth-card';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { LoginForm, type LoginMode } from './components/login-form';
export { ResetPasswordForm } from './components/reset-password-form';
export { VerifyEmail } from './components/verify-email';
