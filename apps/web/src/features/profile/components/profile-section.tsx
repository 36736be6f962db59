import type { ReactNode } from 'react';
import { ChangePasswordForm, NameForm } from './profile-forms';
import { SessionsList } from './sessions-list';

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

/** Settings → Profile & security: the person's name, password and sessions (decision 034). */
export function ProfileSection() {
  return (
    <div className="grid gap-12">
      <Part id="profile-heading" title="Profile" description="Your name, as your colleagues see it.">
        <NameForm />
      </Part>
      <Part
        id="password-heading"
        title="Password"
        description="Changing it keeps you signed in here and signs you out everywhere else."
      >
        <ChangePasswordForm />
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
