import { LegalPage, privacyMarkdown as privacy } from '@/features/legal';

export function Component() {
  return (
    <LegalPage
      title="Privacy Policy"
      description="What GiftRelay stores about you and the people you reward, why, who else sees it, how long we keep it and your rights."
      updated="May 1, 2025"
      body={privacy}
    />
  );
}
