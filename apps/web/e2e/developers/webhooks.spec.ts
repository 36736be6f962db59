import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { apiToken, toasts } from '../sending/helpers';
import { signUpAndSignIn } from '../support/accounts';
import { axe } from '../support/axe';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A customer's receiver on this machine (the e2e server allows loopback endpoints: WEBHOOKS_ALLOW_PRIVATE). */
async function startReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/giftrelay`, received, close: () => new Promise((r) => server.close(r)) };
}

test('add a webhook endpoint in Settings → Developers, send a reward, see order.created and order.completed arrive signed and in the log, replay one', async ({
  page,
  request,
}) => {
  test.slow(); // a reward's fulfilment and three deliveries on top of the page's work
  const receiver = await startReceiver();
  try {
    // An organisation of its own: no other test's orders send events to this endpoint.
    const account = await signUpAndSignIn(page);
    await page.goto('/settings?tab=developers');
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter the URL that should receive events');
    await expect(dialog.getByLabel('Endpoint URL')).toBeFocused();
    // A private address is refused in words about the URL (no API field path), saying how to
    // test locally (these servers allow loopback already, so a tunnel is what is left).
    await dialog.getByLabel('Endpoint URL').fill('http://10.0.0.1/hook');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'The URL must not point at 10.0.0.1, a private, loopback, link-local or reserved address. To test with a receiver on your own machine, expose your receiver through a tunnel (such as ngrok or cloudflared) and use its https URL.',
    );
    const description = `Payroll sync ${Date.now()}`;
    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    await dialog.getByLabel('Description (optional)').fill(description);
    await dialog.getByRole('checkbox', { name: /^All events/ }).uncheck();
    await expect(dialog.getByRole('checkbox', { name: 'order.created' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'order.completed' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog', { name: 'Your endpoint’s signing secret' });
    const secret = (await shown.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expect(toasts(page).filter({ hasText: 'Webhook endpoint added' })).toBeVisible();
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('webhook-endpoint').filter({ hasText: description });
    await expect(row).toContainText('order.created, order.completed');
    await expect(row).toContainText('Enabled');

    // A reward sent through the API, as an integration would.
    const token = await apiToken(request, account);
    const auth = { authorization: `Bearer ${token}` };
    const products = await request.get('/api/v1/products?country=US&currency=USD&limit=50', { headers: auth });
    const product = ((await products.json()).data as { code: string; denominations: number[] | null }[]).find(
      (p) => !p.denominations?.length,
    );
    const order = await request.post('/api/v1/orders', {
      headers: auth,
      data: { product_code: product?.code, amount: 25, email: 'webhooks-e2e@example.com', quantity: 1 },
    });
    expect(order.status()).toBe(201);
    const orderId = (await order.json()).order_id as string;

    // Both arrive, each verified with the standardwebhooks package as a customer would.
    const webhook = new Webhook(secret);
    const verified = () =>
      receiver.received.map((r) => ({
        id: String(r.headers['webhook-id']),
        event: webhook.verify(r.body, {
          'webhook-id': String(r.headers['webhook-id']),
          'webhook-timestamp': String(r.headers['webhook-timestamp']),
          'webhook-signature': String(r.headers['webhook-signature']),
        }) as { id: string; type: string; data: { order: { order_id: string } } },
      }));
    await expect
      .poll(
        () =>
          verified()
            .map((v) => v.event.type)
            .sort(),
        { timeout: 20_000 },
      )
      .toEqual(['order.completed', 'order.created']);
    for (const v of verified()) {
      expect(v.event.id).toBe(v.id);
      expect(v.event.data.order.order_id).toBe(orderId);
    }

    // The delivery log shows both; filtering keeps one; Replay sends it again with the same webhook-id.
    await row.getByRole('button', { name: 'Delivery log' }).click();
    const deliveries = row.getByTestId('webhook-delivery');
    await expect(deliveries).toHaveCount(2);
    await expect(deliveries.filter({ hasText: 'Delivered' })).toHaveCount(2);
    await row.getByLabel('Event type').selectOption('order.completed');
    await expect(deliveries).toHaveCount(1);
    const completed = verified().find((v) => v.event.type === 'order.completed');
    await expect(deliveries.first()).toContainText(`webhook-id ${completed?.id}`);
    // The log shows the payload that was POSTed, byte for byte the body the receiver got.
    await deliveries.first().getByText('Payload sent').click();
    const payload = deliveries.first().getByTestId('webhook-payload');
    await expect(payload).toContainText(orderId);
    const sent = receiver.received.find((r) => String(r.headers['webhook-id']) === completed?.id)?.body ?? '';
    expect(JSON.parse((await payload.textContent()) ?? '')).toEqual(JSON.parse(sent));
    await deliveries
      .first()
      .getByRole('button', { name: /^Replay order\.completed/ })
      .click();
    await expect(toasts(page).filter({ hasText: 'Event queued for delivery again' })).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(3);
    expect(verified()[2]?.id).toBe(completed?.id);
    await expect(deliveries).toHaveCount(2);

    // Nothing failed: replaying failures since an hour ago queues none.
    await row.getByRole('button', { name: 'Replay failed' }).click();
    await expect(toasts(page).filter({ hasText: 'No failed deliveries since then' })).toBeVisible();

    await expect(toasts(page)).toHaveCount(0, { timeout: 15_000 });
    const scan = await axe(page).include('main').analyze();
    expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  } finally {
    await receiver.close();
  }
});
