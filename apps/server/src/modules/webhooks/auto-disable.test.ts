import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser, waitForEmail } from '../../../test/factories';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';
import { startReceiver } from '../../../test/webhook-receiver';
import { disableFailingEndpoints } from './auto-disable';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function addEndpoint(user: SignedUpUser, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/webhook-endpoints',
    headers: bearer(user.accessToken),
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json().endpoint as { id: string };
}

const endpointOf = async (user: SignedUpUser, id: string) =>
  (await t.app.inject({ url: `/api/v1/webhook-endpoints/${id}`, headers: bearer(user.accessToken) })).json().endpoint;

const topUp = async (user: SignedUpUser) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/balance/sandbox-topup',
    headers: bearer(user.accessToken),
    payload: { amount: 1 },
  });
  expect(res.statusCode).toBe(200);
};

/** Moves the endpoint's failing streak back in time, as if it had begun `interval` ago. */
const failingFor = (endpointId: string, interval: string) =>
  sql`UPDATE webhook_endpoints SET failing_since = now() - ${interval}::interval WHERE id = ${endpointId}`.execute(
    t.database.db,
  );

const auditCount = async (organisationId: string) => {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM audit_events
    WHERE organisation_id = ${organisationId} AND action = 'webhook_endpoint.disabled'`.execute(t.database.db);
  return rows[0]?.n ?? 0;
};

describe(`webhook endpoints failing for 5 days are disabled (${TEST_DB})`, () => {
  it('a failed attempt starts the streak and a 2xx ends it', async () => {
    const user = await signUpVerifiedUser(t);
    const endpoint = await addEndpoint(user, { url: receiver.url('/flaky'), event_types: ['balance.funded'] });
    expect((await endpointOf(user, endpoint.id)).failing_since).toBeNull();
    receiver.answer({ status: 500 });
    await topUp(user);
    const failing: string = await eventually(async () => (await endpointOf(user, endpoint.id)).failing_since);
    await topUp(user);
    // The second event's 200 (or the first's retry) ends it.
    await eventually(async () => (await endpointOf(user, endpoint.id)).failing_since === null);
    expect(Date.parse(failing)).toBeLessThanOrEqual(Date.now());
  });

  it('disables after 5 days without a 2xx, emails the owners once (escaped, linking to /settings), and PATCH enabled clears it', async () => {
    const owner = await signUpVerifiedUser(t);
    const coOwner = await signUpVerifiedUser(t);
    const admin = await signUpVerifiedUser(t);
    await sql`INSERT INTO memberships (user_id, organisation_id, role) VALUES
      (${coOwner.user.id}, ${owner.organisationId}, 'owner'), (${admin.user.id}, ${owner.organisationId}, 'admin')`.execute(
      t.database.db,
    );
    // Nothing listens on port 9 of the loopback: every attempt there fails.
    const downUrl = 'http://127.0.0.1:9/down';
    const down = await addEndpoint(owner, {
      url: downUrl,
      description: '<script>alert(1)</script> CRM',
      event_types: ['balance.funded'],
    });
    const recent = await addEndpoint(owner, { url: 'http://127.0.0.1:9/recent', event_types: ['balance.funded'] });
    const healthy = await addEndpoint(owner, { url: receiver.url('/healthy'), event_types: ['balance.funded'] });
    await topUp(owner);
    await eventually(async () => (await endpointOf(owner, down.id)).failing_since !== null);
    await eventually(async () => (await endpointOf(owner, recent.id)).failing_since !== null);
    await failingFor(down.id, '5 days 1 minute');
    await failingFor(recent.id, '4 days 23 hours');

    const report = await t.app.housekeeping.run({ sweep: true });
    expect(report.disabledEndpoints).toBe(1);
    const disabled = await endpointOf(owner, down.id);
    expect(disabled).toMatchObject({ enabled: false, disabled_reason: 'failing', failing_since: null });
    expect(Date.parse(disabled.disabled_at)).toBeLessThanOrEqual(Date.now());
    expect(await endpointOf(owner, recent.id)).toMatchObject({ enabled: true, disabled_at: null });
    expect(await endpointOf(owner, healthy.id)).toMatchObject({ enabled: true, failing_since: null });

    // Once: another sweep (any process) finds nothing more to disable, so sends nothing more.
    expect(await disableFailingEndpoints(t.app)).toBe(0);
    expect(await auditCount(owner.organisationId)).toBe(1);

    for (const who of [owner, coOwner]) {
      const email = await waitForEmail(t, who.email, /disabled one of your webhook endpoints/);
      expect(email.text).toContain(downUrl);
      expect(email.text).toContain('<script>alert(1)</script> CRM');
      expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; CRM');
      expect(email.html).not.toContain('<script>');
      expect(email.html).toContain('href="http://localhost');
      expect(email.text).toMatch(/\/settings/);
    }
    const adminMail = await t.app.inject({ url: `/api/mailbox?to=${encodeURIComponent(admin.email)}` });
    expect(adminMail.json().messages.filter((m: { subject: string }) => /webhook/.test(m.subject))).toEqual([]);
    const ownerMail = await t.app.inject({ url: `/api/mailbox?to=${encodeURIComponent(owner.email)}` });
    expect(ownerMail.json().messages.filter((m: { subject: string }) => /webhook/.test(m.subject))).toHaveLength(1);

    // Nothing more is delivered to it; enabling it again clears when and why, and starts afresh.
    const enabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/webhook-endpoints/${down.id}`,
      headers: bearer(owner.accessToken),
      payload: { enabled: true },
    });
    expect(enabled.json().endpoint).toMatchObject({
      enabled: true,
      disabled_at: null,
      disabled_reason: null,
      failing_since: null,
    });
    expect(await disableFailingEndpoints(t.app)).toBe(0);

    // Switched off by hand: recorded as manual.
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/webhook-endpoints/${healthy.id}`,
      headers: bearer(owner.accessToken),
      payload: { enabled: false },
    });
    expect(off.json().endpoint).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    expect(off.json().endpoint.disabled_at).toEqual(expect.any(String));
  });

  it('refuses a non-boolean enabled, naming body.enabled', async () => {
    const user = await signUpVerifiedUser(t);
    const endpoint = await addEndpoint(user, { url: receiver.url('/bad') });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/webhook-endpoints/${endpoint.id}`,
      headers: bearer(user.accessToken),
      payload: { enabled: 'yes', disabled_reason: 'failing' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('body.enabled');
  });
});
