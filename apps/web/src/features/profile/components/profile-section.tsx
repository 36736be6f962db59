import type { ReactNode } from 'react';
import { EmailForm } from './email-form';
import { ChangePasswordForm, NameForm } from './profile-forms';
import { SessionsList } from './sessions-list';
import { TwoFactorPanel } from './two-factor-panel';

function Part({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <div className="max-w-prose">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}

/** Settings → Profile & security: name, email, password, two-factor sign-in and sessions (decisions 034, 037). */
export function ProfileSection() {
  return (
    <div className="grid gap-12">
      <Part id="profile-heading" title="Profile" description="Your name, as your colleagues see it.">
        <NameForm />
      </Part>
      <Part
        id="email-heading"
        title="Email"
        description="The address you sign in with and where GiftRelay writes to you. A new one is confirmed through a link sent to it."
      >
        <EmailForm />
      </Part>
      <Part
        id="password-heading"
        title="Password"
        description="Changing it keeps you signed in here and signs you out everywhere else."
      >
        <ChangePasswordForm />
      </Part>
      <Part
        id="two-factor-heading"
        title="Two-factor sign-in"
        description="After your password, a code from an app on your phone: a stolen password alone cannot get in."
      >
        <TwoFactorPanel />
      </Part>
      <Part
        id="sessions-heading"
        title="Where you are signed in"
        description="Every browser and device signed in to your account, in each of your organisations. Sign out any you do not recognise."
      >
        <SessionsList />
      </Part>
    </div>
  );
}
