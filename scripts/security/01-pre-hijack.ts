/**
 * Security check 01: account pre-hijacking (issue 29, decision 054), through HTTP only.
 *
 *   npx tsx scripts/security/01-pre-hijack.ts [baseUrl]      (default http://localhost:3000)
 *
 * Against a running instance with the built-in mailbox (GET /api/mailbox, readable from loopback):
 * a stranger signs an address up with password A and never verifies it; the owner signs it up with
 * password B and opens the stranger's verification email (the older one in their inbox), choosing
 * a password when the page asks. Then A must not sign in, and the owner's password (the one they
 * chose, or B if nothing was asked) must. Prints PASS or FAIL; exits 1 on FAIL. Each run uses new
 * random addresses, so it can run again and again (three sign-ups a run, within the per-address limit).
 * Then the same with an address the stranger alone signed up: the link, opened without the sign-up
 * browser's cookie, must ask the owner for the password.
 */

const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/+$/, '');
const random = () => Math.random().toString(36).slice(2, 10);
const email = `pre-hijack-${random()}${random()}@example.com`;
const STRANGER = `stranger-Lantern-${random()}`;
const OWNER = `owner-Meadow-${random()}`;
const CHOSEN = `chosen-Harbour-${random()}`;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { text };
  }
  return { status: res.status, body: parsed };
}

function fail(reason: string): never {
  console.log(`FAIL 01-pre-hijack: ${reason}`);
  process.exit(1);
}

/** The verification emails to the address, oldest first, once there are `count` of them. */
async function verificationTokens(count: number, address = email): Promise<string[]> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await call('GET', `/api/mailbox?to=${encodeURIComponent(address)}`);
    if (res.status !== 200) fail(`the mailbox answered ${res.status}: is this an instance with the built-in mailbox?`);
    const messages = (res.body.messages ?? []) as { subject: string; text: string; created_at: string }[];
    const verify = messages
      .filter((m) => /verify/i.test(m.subject))
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
    if (verify.length >= count) {
      return verify.map((m) => {
        const token = /\/verify\/([A-Za-z0-9_-]+)/.exec(m.text)?.[1];
        if (!token) fail(`no verification link in "${m.subject}"`);
        return token;
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return fail(`fewer than ${count} verification emails reached ${address} within 30 s`);
}

const signIn = (password: string, address = email) =>
  call('POST', '/api/v1/auth/token?grant_type=password', { email: address, password });

async function main() {
  console.log(`01-pre-hijack against ${base} with ${email}`);
  const stranger = await call('POST', '/api/v1/auth/signup', { email, password: STRANGER });
  if (stranger.status !== 200)
    fail(`the stranger's sign-up answered ${stranger.status} ${JSON.stringify(stranger.body)}`);
  await verificationTokens(1);
  const owner = await call('POST', '/api/v1/auth/signup', { email, password: OWNER });
  if (owner.status !== 200) fail(`the owner's sign-up answered ${owner.status} ${JSON.stringify(owner.body)}`);
  const [strangersLink] = await verificationTokens(2);
  if (!strangersLink) fail('no verification link');

  // The owner opens the older email's link, as a browser does (no password first).
  let ownersPassword = OWNER;
  let opened = await call('POST', '/api/v1/auth/verify', { token: strangersLink });
  const details = (opened.body.details ?? []) as { path?: string }[];
  if (opened.status === 400 && details.some((d) => d.path === 'body.password')) {
    console.log('  the verification asked the owner to choose the password');
    ownersPassword = CHOSEN;
    opened = await call('POST', '/api/v1/auth/verify', { token: strangersLink, password: CHOSEN });
  }
  if (opened.status !== 200) fail(`verifying answered ${opened.status} ${JSON.stringify(opened.body)}`);

  const withStrangers = await signIn(STRANGER);
  if (withStrangers.status === 200) fail("the stranger's password signs in to the owner's verified account");
  const withOwners = await signIn(ownersPassword);
  if (withOwners.status !== 200) {
    fail(`the owner's password does not sign in: ${withOwners.status} ${JSON.stringify(withOwners.body)}`);
  }
  console.log("  signed up twice: the stranger's password is refused, the owner's signs in");

  // The unsolicited email: only the stranger signs the address up; its owner, in their own browser
  // (no sign-up cookie: this script keeps none), opens the link and must be the one to choose.
  const once = `pre-hijack-once-${random()}${random()}@example.com`;
  const single = await call('POST', '/api/v1/auth/signup', { email: once, password: STRANGER });
  if (single.status !== 200) fail(`the stranger's single sign-up answered ${single.status}`);
  const [unsolicited] = await verificationTokens(1, once);
  if (!unsolicited) fail('no verification link');
  const oneClick = await call('POST', '/api/v1/auth/verify', { token: unsolicited });
  if (oneClick.status === 200) fail("the owner's click verified the stranger's sign-up with the stranger's password");
  const chosen = await call('POST', '/api/v1/auth/verify', { token: unsolicited, password: CHOSEN });
  if (chosen.status !== 200) fail(`verifying with a chosen password answered ${chosen.status}`);
  if ((await signIn(STRANGER, once)).status === 200) fail("the stranger's password signs in after a single sign-up");
  if ((await signIn(CHOSEN, once)).status !== 200) fail("the owner's chosen password does not sign in");
  console.log("  signed up once: the owner's browser was asked for the password; the stranger's is refused");
  console.log(
    "PASS 01-pre-hijack: the stranger's password is refused; the password the owner chose at verification signs in",
  );
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));

// A module of its own, so its names do not meet the other scripts' in the type check.
export {};
