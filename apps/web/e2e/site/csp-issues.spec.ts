import { expect, test } from '@playwright/test';
import { gotoReady } from './helpers';

// Chrome reports some CSP refusals only to DevTools' Issues panel, not the console: a caught
// `new Function` probe, for one (zod's). Lighthouse counts those against best practices.
for (const path of ['/', '/pricing', '/blog', '/contact', '/login', '/catalog']) {
  test(`${path} raises no Content-Security-Policy issue in DevTools`, async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    const issues: string[] = [];
    cdp.on('Audits.issueAdded', ({ issue }) => {
      if (issue.code === 'ContentSecurityPolicyIssue') issues.push(JSON.stringify(issue.details));
    });
    await cdp.send('Audits.enable');
    await gotoReady(page, path);
    // Every form and list on these pages has built its schemas once the page has its heading.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(issues).toEqual([]);
  });
}
