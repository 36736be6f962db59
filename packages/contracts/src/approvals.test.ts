import { describe, expect, it } from 'vitest';
import { type ApprovalRules, approvalReason } from './approvals';

const rules = (over: Partial<ApprovalRules> = {}, yours: Partial<ApprovalRules['yours']> = {}): ApprovalRules => ({
  success: true,
  above_usd_minor: null,
  above_usd: null,
  every_sender_order: false,
  monthly_cap_usd_minor: null,
  monthly_cap_usd: null,
  yours: { rules_apply: true, month_usd_minor: 0, ...yours },
  ...over,
});

/** The send dialog's sentence before sending (issue 35): the order statement's rules, in words. */
describe('approvalReason', () => {
  it('says nothing to an owner or admin, or with no rule on', () => {
    expect(approvalReason(rules({ every_sender_order: true }, { rules_apply: false }), 10_000)).toBeNull();
    expect(approvalReason(rules(), 10_000_000)).toBeNull();
  });

  it('names the rule that catches the order, at the rule’s edge as the statement compares', () => {
    expect(approvalReason(rules({ every_sender_order: true }), 1)).toMatch(/^Every order a sender places waits/);
    expect(approvalReason(rules({ above_usd_minor: 10_000 }), 10_000)).toBeNull();
    expect(approvalReason(rules({ above_usd_minor: 10_000 }), 10_001)).toBe(
      'Orders above $100.00 USD wait for an owner or admin to approve them.',
    );
    const cap = rules({ monthly_cap_usd_minor: 50_000 }, { month_usd_minor: 45_000 });
    expect(approvalReason(cap, 5_000)).toBeNull();
    expect(approvalReason(cap, 5_001)).toBe(
      'It takes your orders this month past the $500.00 USD monthly cap ($450.00 so far).',
    );
  });
});
