/** An address that may wrap before its @ first, then anywhere only if a part is still too long. */
export function EmailText({ email }: { email: string | null | undefined }) {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
