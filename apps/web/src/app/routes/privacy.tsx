import { LegalPage } from '@/features/legal/components/legal-page';
import privacy from '@/features/legal/content/privacy.md?raw';

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
