import { LegalPage, securityMarkdown as security } from '@/features/legal';

export function Component() {
  return (
    <LegalPage
      title="Security"
      description="How GiftRelay protects reward codes, card payments and accounts: encryption at rest, argon2id passwords, two-factor sign-in, hashed API keys, signed webhooks."
      updated="November 28, 2026"
      body={security}
    />
  );
}
