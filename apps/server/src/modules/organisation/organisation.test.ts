import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser, waitForEmail } from '../../../test/factories';
import { base64, CLEAN_SVG, makePng } from '../../../test/factories/images';
import { pickProduct, postOrder, recipient } from '../../../test/factories/orders';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: SignedUpUser;
let member: SignedUpUser;
let admin: SignedUpUser;
let productCode: string;
beforeAll(async () => {
  t = await createTestApp();
  [owner, member, admin] = [await signUpVerifiedUser(t), await signUpVerifiedUser(t), await signUpVerifiedUser(t)];
  // Roles are read from memberships on every request: these two act in their own organisations.
  await t.app.db.updateTable('memberships').set({ role: 'sender' }).where('user_id', '=', member.user.id).execute();
  await t.app.db.updateTable('memberships').set({ role: 'admin' }).where('user_id', '=', admin.user.id).execute();
  productCode = (await pickProduct(t)).code;
}, 120_000);
afterAll(() => t.close());

const get = (token: string) => t.app.inject({ url: '/api/v1/organisation', headers: bearer(token) });
const patch = (token: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/organisation', headers: bearer(token), payload: payload as object });
const putLogo = (token: string, mediaType: string, data: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/organisation/logo',
    headers: bearer(token),
    payload: { media_type: mediaType, data },
  });
const auditLines = (organisationId: string, action: string) =>
  t.app.db
    .selectFrom('audit_events')
    .select(['action', 'actor_user_id', 'detail'])
    .where('organisation_id', '=', organisationId)
    .where('action', '=', action as 'organisation.updated')
    .orderBy('created_at')
    .execute();

describe(`organisation settings (${TEST_DB})`, () => {
  it('reads the defaults: the name, no sender name, GiftRelay look, no threshold', async () => {
    const res = await get(owner.accessToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      id: owner.organisationId,
      name: owner.user.organisation.name,
      sender_name: null,
      email_from_name: `${owner.user.organisation.name} via GiftRelay`,
      reply_to: null,
      brand_colour: null,
      logo: null,
      default_message: null,
      billing_currency: 'USD',
      low_balance_threshold: null,
      low_balance_threshold_minor: null,
      can_edit: true,
    });
  });

  it('an owner changes settings; each change is audited with before and after; a repeat changes nothing', async () => {
    const body = {
      name: 'Acme Inc',
      sender_name: 'Acme People Team',
      reply_to: 'people@acme.example',
      brand_colour: '#0F766E',
      default_message: 'Thank you for all you do!\nThe People Team',
      low_balance_threshold_minor: 25_050,
    };
    const res = await patch(owner.accessToken, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ...body,
      brand_colour: '#0f766e',
      email_from_name: 'Acme People Team via GiftRelay',
      low_balance_threshold: 250.5,
    });
    expect((await get(owner.accessToken)).json()).toMatchObject({ name: 'Acme Inc', brand_colour: '#0f766e' });
    const lines = await auditLines(owner.organisationId, 'organisation.updated');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actor_user_id: owner.user.id });
    expect(lines[0]?.detail).toEqual({
      changes: {
        name: { before: owner.user.organisation.name, after: 'Acme Inc' },
        sender_name: { before: null, after: 'Acme People Team' },
        reply_to: { before: null, after: 'people@acme.example' },
        brand_colour: { before: null, after: '#0f766e' },
        default_message: { before: null, after: body.default_message },
        low_balance_threshold_minor: { before: null, after: 25_050 },
      },
    });
    // The same values again, and an empty body: no change, no audit line.
    expect((await patch(owner.accessToken, body)).statusCode).toBe(200);
    expect((await patch(owner.accessToken, {})).statusCode).toBe(200);
    expect(await auditLines(owner.organisationId, 'organisation.updated')).toHaveLength(1);
    // "" and null clear optional settings; only what changed is audited.
    const cleared = await patch(owner.accessToken, { reply_to: '', default_message: null });
    expect(cleared.json()).toMatchObject({ reply_to: null, default_message: null, sender_name: 'Acme People Team' });
    const last = (await auditLines(owner.organisationId, 'organisation.updated')).at(-1);
    const changed = Object.keys((last?.detail as { changes?: object } | undefined)?.changes ?? {});
    expect(changed.sort()).toEqual(['default_message', 'reply_to']);
  });

  it('members read the settings but may not change them; admins may; API keys may not use them', async () => {
    const read = await get(member.accessToken);
    expect(read.statusCode).toBe(200);
    expect(read.json().can_edit).toBe(false);
    for (const res of [
      await patch(member.accessToken, { name: 'Mine now' }),
      await putLogo(member.accessToken, 'image/png', base64(makePng())),
      await t.app.inject({ method: 'DELETE', url: '/api/v1/organisation/logo', headers: bearer(member.accessToken) }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'FORBIDDEN',
        error: expect.stringContaining('it needs the role owner or admin'),
      });
    }
    expect((await get(member.accessToken)).json().name).toBe(member.user.organisation.name);
    const byAdmin = await patch(admin.accessToken, { sender_name: 'Finance' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ sender_name: 'Finance', can_edit: true });

    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: bearer(owner.accessToken),
      payload: { name: 'CRM', scopes: 'full' },
    });
    expect((await get(key.json().key)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/organisation' })).statusCode).toBe(401);
  });

  it.each([
    [{ name: '' }, 'body.name'],
    [{ name: 'x'.repeat(101) }, 'body.name'],
    [{ name: 'Acme\u0000' }, 'body.name'],
    [{ name: null }, 'body.name'],
    [{ sender_name: 'PayPal <security@paypal.com>' }, 'body.sender_name'],
    [{ sender_name: 'Acme\r\nBcc: everyone@example.com' }, 'body.sender_name'],
    [{ reply_to: 'not an address' }, 'body.reply_to'],
    [{ reply_to: 'a@example.com\r\nBcc: x@example.com' }, 'body.reply_to'],
    [{ brand_colour: 'red' }, 'body.brand_colour'],
    [{ brand_colour: '#12345' }, 'body.brand_colour'],
    [{ brand_colour: '#0f766e;background:url(x)' }, 'body.brand_colour'],
    [{ default_message: 'x'.repeat(501) }, 'body.default_message'],
    [{ low_balance_threshold_minor: -1 }, 'body.low_balance_threshold_minor'],
    [{ low_balance_threshold_minor: 2.5 }, 'body.low_balance_threshold_minor'],
    [{ low_balance_threshold_minor: 1e21 }, 'body.low_balance_threshold_minor'],
    [{ low_balance_threshold_minor: '2500' }, 'body.low_balance_threshold_minor'],
  ])('refuses %j naming %s, changing nothing', async (body, field) => {
    const before = (await get(owner.accessToken)).body;
    const res = await patch(owner.accessToken, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
    expect((await get(owner.accessToken)).body).toBe(before);
  });

  it('refuses an unknown field', async () => {
    const res = await patch(owner.accessToken, { colour: '#000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});

describe(`organisation logo (${TEST_DB})`, () => {
  it('takes a PNG, serves it publicly from a new URL with safe headers, and audits the change', async () => {
    const png = makePng(64, 48);
    const res = await putLogo(owner.accessToken, 'image/png', base64(png));
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json().logo;
    expect(logo).toMatchObject({ media_type: 'image/png', width: 64, height: 48, size_bytes: png.length });
    expect(logo.url).toMatch(/^\/api\/v1\/organisation-logos\/[0-9a-f-]{36}$/);
    const served = await t.app.inject({ url: logo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
    const again = await t.app.inject({ url: logo.url, headers: { 'if-none-match': served.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const lines = await auditLines(owner.organisationId, 'organisation.logo_changed');
    expect(lines.at(-1)?.detail).toMatchObject({
      changes: { logo: { after: { media_type: 'image/png', width: 64, height: 48 } } },
    });
  });

  it('takes a clean SVG, served with a CSP that runs and loads nothing; the old logo URL is gone', async () => {
    const old = (await get(owner.accessToken)).json().logo?.url as string;
    const res = await putLogo(owner.accessToken, 'image/svg+xml', base64(CLEAN_SVG));
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json().logo;
    expect(logo).toMatchObject({ media_type: 'image/svg+xml', width: 120, height: 40 });
    expect(logo.url).not.toBe(old);
    const served = await t.app.inject({ url: logo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/svg+xml');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toBe(CLEAN_SVG);
    expect((await t.app.inject({ url: old })).statusCode).toBe(404);
  });

  const svg = (inner: string, attrs = '') =>
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attrs}>${inner}</svg>`;
  it.each([
    ['<script>', svg('<script>alert(1)</script>'), /script/],
    ['onload=', svg('<rect width="10" height="10"/>', ' onload="alert(1)"'), /event handler/],
    ['onclick on a child', svg('<rect width="10" height="10" onclick="alert(1)"/>'), /event handler/],
    ['a javascript: href', svg('<use href="javascript:alert(1)"/>'), /javascript/],
    ['xlink:href to http', svg('<use xlink:href="http://evil.example/sprite.svg#a"/>'), /points outside/],
    [
      '<foreignObject>',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>'),
      /foreignObject/,
    ],
    [
      'an external <image>',
      svg('<image href="https://evil.example/track.png" width="10" height="10"/>'),
      /points outside/,
    ],
    [
      'CSS url() in a style attribute',
      svg('<rect width="10" height="10" style="fill:url(https://evil.example/x)"/>'),
      /url\(\)/,
    ],
    ['CSS url() in a fill', svg('<rect width="10" height="10" fill="url(//evil.example/x#a)"/>'), /url\(\)/],
    ['@import in <style>', svg('<style>@import url(https://evil.example/a.css);</style>'), /@import/],
    ['a CSS escape hiding url()', svg('<style>rect { fill: \\75 rl(https://evil.example/x) }</style>'), /escape/],
    [
      'an <!ENTITY>',
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${svg('<text>&x;</text>')}`,
      /DOCTYPE/,
    ],
    ['an undeclared entity', svg('<text>&xxe;</text>'), /well-formed/],
    [
      'a stylesheet processing instruction',
      `<?xml-stylesheet href="https://evil.example/a.css"?>${svg('')}`,
      /processing instruction/,
    ],
    [
      'an <a> link',
      svg('<a href="https://evil.example"><rect width="10" height="10"/></a>'),
      /not allowed|points outside/,
    ],
    [
      '<animate> setting href',
      svg('<use href="#a"><set attributeName="href" to="javascript:alert(1)"/></use>'),
      /not allowed|javascript/,
    ],
    [
      'an HTML script in another namespace',
      svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'),
      /not an SVG element/,
    ],
    ['no namespace', '<svg viewBox="0 0 10 10"><rect/></svg>', /not an SVG element/],
    ['not XML', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect></svg>', /well-formed/],
    ['no size', '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', /viewBox/],
    ['a PNG sent as SVG', makePng(), /PNG image, not an SVG/],
  ])('refuses an SVG with %s, naming body.data, storing nothing', async (_name, content, reason) => {
    const before = (await get(owner.accessToken)).json().logo;
    const res = await putLogo(owner.accessToken, 'image/svg+xml', base64(content));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details).toEqual([{ path: 'body.data', message: expect.stringMatching(reason) }]);
    expect(body.error).toMatch(/^body\.data: /);
    expect((await get(owner.accessToken)).json().logo).toEqual(before);
  });

  const corrupt = makePng();
  corrupt[30] = (corrupt[30] ?? 0) ^ 0xff;
  it.each([
    ['an SVG claimed as PNG', CLEAN_SVG, /not a PNG image/],
    ['a PNG with the wrong magic', Buffer.concat([Buffer.from('GIF89a'), makePng().subarray(6)]), /not a PNG image/],
    ['a corrupt chunk', corrupt, /corrupt/],
    ['a truncated PNG', makePng().subarray(0, 40), /complete|past the end/],
    ['HTML after the PNG', Buffer.concat([makePng(), Buffer.from('<script>alert(1)</script>')]), /after the end/],
    ['a 1×1 pixel', makePng(1, 1), /16 to 4096/],
    ['an 8000-pixel side', makePng(8000, 16), /16 to 4096/],
  ])('refuses a PNG that is %s', async (_name, content, reason) => {
    const res = await putLogo(owner.accessToken, 'image/png', base64(content));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual([{ path: 'body.data', message: expect.stringMatching(reason) }]);
  });

  it('refuses a file over 512 KB, base64 that is not, and a media type it does not take', async () => {
    const big = Buffer.alloc(512 * 1024 + 1, 0x20);
    const tooBig = await putLogo(owner.accessToken, 'image/png', base64(big));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().details[0]).toMatchObject({ path: 'body.data', message: expect.stringContaining('512 KB') });
    const notBase64 = await putLogo(owner.accessToken, 'image/png', 'not base64!');
    expect(notBase64.json().details[0].path).toBe('body.data');
    const gif = await putLogo(owner.accessToken, 'image/gif', base64(makePng()));
    expect(gif.statusCode).toBe(400);
    expect(gif.json().details[0].path).toBe('body.media_type');
  });

  it('removes the logo: the URL is gone and the removal audited', async () => {
    const url = (await putLogo(owner.accessToken, 'image/png', base64(makePng()))).json().logo.url;
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/organisation/logo',
      headers: bearer(owner.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logo).toBeNull();
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    const last = (await auditLines(owner.organisationId, 'organisation.logo_changed')).at(-1);
    expect(last?.detail).toMatchObject({ changes: { logo: { after: null } } });
  });
});

describe(`the next recipient email and claim page carry the settings (${TEST_DB})`, () => {
  it('sender name on From and in the words, reply-to, colour and logo', async () => {
    const sender = await signUpVerifiedUser(t);
    const to = recipient();
    const send = async (email: string) => {
      const res = await postOrder(t, sender.accessToken, { product_code: productCode, amount: 25, email, quantity: 1 });
      expect(res.statusCode, res.body).toBe(201);
    };
    await send(to);
    const plain = await waitForEmail(t, to, /sent you/);
    // Unset, the sender is the organisation's name, still "via GiftRelay" from our address.
    expect(plain.from).toBe(`"${sender.user.organisation.name} via GiftRelay" <no-reply@localhost.localdomain>`);
    expect(plain.reply_to).toBeNull();

    const logoUrl = (await putLogo(sender.accessToken, 'image/png', base64(makePng()))).json().logo.url as string;
    expect(
      (
        await patch(sender.accessToken, {
          sender_name: 'Acme People Team',
          reply_to: 'people@acme.example',
          brand_colour: '#be123c',
        })
      ).statusCode,
    ).toBe(200);
    const to2 = recipient();
    await send(to2);
    const branded = await waitForEmail(t, to2, /sent you/);
    expect(branded.from).toMatch(/^"Acme People Team via GiftRelay" <no-reply@/);
    expect(branded.reply_to).toBe('people@acme.example');
    expect(branded.subject).toContain('Acme People Team sent you');
    expect(branded.html).toContain('background:#be123c');
    expect(branded.html).toContain(`src="${t.app.config.publicUrl}${logoUrl}"`);
    expect(branded.text).toContain('Acme People Team sent you');

    const token = /\/claim\/([A-Za-z0-9_-]{43})/.exec(branded.text)?.[1];
    const claim = await t.app.inject({ url: `/api/v1/claims/${token}` });
    expect(claim.json()).toMatchObject({ sender: 'Acme People Team', sender_logo: logoUrl, brand_colour: '#be123c' });
  });
});

describe(`low-balance threshold column (${TEST_DB})`, () => {
  it('is the one balance.low reads (organisations.low_balance_threshold_minor)', async () => {
    await patch(owner.accessToken, { low_balance_threshold_minor: 10_000 });
    const row = await sql<{
      v: string;
    }>`SELECT low_balance_threshold_minor::text AS v FROM organisations WHERE id = ${owner.organisationId}`.execute(
      t.app.db,
    );
    expect(row.rows[0]?.v).toBe('10000');
  });
});
