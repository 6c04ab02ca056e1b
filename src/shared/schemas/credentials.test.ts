import { describe, expect, it } from 'vitest';
import {
  canSubmitCredentialRequest,
  canSubmitTimedRequest,
  credentialRequestBodySchema,
  displayApprovalStatus,
  requestJustificationSchema,
  reviewBodySchema,
  timedJustificationSchema,
  timeLimitedAccessBodySchema,
  timeLimitMinutesSchema,
} from './credentials';

const appId = '3f2a2b8e-4f0e-4a57-9a52-1b7f1f0f2a11';

describe('security tab justification (docs/product/credentials.md#request-justification)', () => {
  it('is required and trimmed', () => {
    expect(requestJustificationSchema.safeParse('').success).toBe(false);
    expect(requestJustificationSchema.safeParse('   \n\t ').success).toBe(false);
    expect(requestJustificationSchema.parse('  rotate key  ')).toBe('rotate key');
  });

  it('says what is missing in the documented words', () => {
    const result = requestJustificationSchema.safeParse(' ');
    expect(result.error?.issues[0]?.message).toBe(
      'Please provide a justification for accessing credentials',
    );
  });

  it('enables the request buttons only with a non-blank justification', () => {
    expect(canSubmitCredentialRequest('')).toBe(false);
    expect(canSubmitCredentialRequest('  ')).toBe(false);
    expect(canSubmitCredentialRequest('x')).toBe(true);
  });

  it('refuses an over-long justification', () => {
    expect(requestJustificationSchema.safeParse('x'.repeat(1001)).success).toBe(false);
    expect(requestJustificationSchema.safeParse('x'.repeat(1000)).success).toBe(true);
  });
});

describe('audit tab justification (docs/product/credentials.md#grant-justification: at least 15 characters)', () => {
  it('counts characters after trimming', () => {
    expect(timedJustificationSchema.safeParse('14 characters!').success).toBe(false);
    expect(timedJustificationSchema.safeParse('   14 characters!    ').success).toBe(false);
    expect(timedJustificationSchema.safeParse('fifteen chars!!').success).toBe(true);
    expect(timedJustificationSchema.parse('  fifteen chars!!  ')).toBe('fifteen chars!!');
  });

  it('names the minimum in its message', () => {
    const result = timedJustificationSchema.safeParse('short');
    expect(result.error?.issues[0]?.message).toBe('Justification must be at least 15 characters');
  });
});

describe('time limit (docs/product/credentials.md#time-limit: 5 to 120 minutes, default 30)', () => {
  it.each([5, 6, 30, 119, 120])('accepts %i minutes', (n) => {
    expect(timeLimitMinutesSchema.safeParse(n).success).toBe(true);
  });

  it.each([4, 121, 0, -5, 30.5, Number.NaN])('refuses %s minutes', (n) => {
    expect(timeLimitMinutesSchema.safeParse(n).success).toBe(false);
  });

  it('refuses a number written as text', () => {
    expect(timeLimitMinutesSchema.safeParse('30').success).toBe(false);
  });

  it('defaults to 30 minutes in a grant request', () => {
    const parsed = timeLimitedAccessBodySchema.parse({
      target_app_id: appId,
      credential_type: 'api_key',
      justification: 'Investigating a failed webhook',
    });
    expect(parsed.time_limit_minutes).toBe(30);
  });
});

describe('audit tab submit rule', () => {
  it('needs an application and a justification of at least 15 characters', () => {
    expect(canSubmitTimedRequest({ appId: null, justification: 'a'.repeat(20) })).toBe(false);
    expect(canSubmitTimedRequest({ appId: '', justification: 'a'.repeat(20) })).toBe(false);
    expect(canSubmitTimedRequest({ appId, justification: 'a'.repeat(14) })).toBe(false);
    expect(canSubmitTimedRequest({ appId, justification: ` ${'a'.repeat(14)} ` })).toBe(false);
    expect(canSubmitTimedRequest({ appId, justification: 'a'.repeat(15) })).toBe(true);
  });
});

describe('request bodies', () => {
  it('refuses unknown fields and unknown credential types', () => {
    const base = { target_app_id: appId, access_type: 'api_key', justification: 'needed' };
    expect(credentialRequestBodySchema.safeParse(base).success).toBe(true);
    expect(credentialRequestBodySchema.safeParse({ ...base, status: 'approved' }).success).toBe(
      false,
    );
    expect(
      credentialRequestBodySchema.safeParse({ ...base, access_type: 'password' }).success,
    ).toBe(false);
    expect(credentialRequestBodySchema.safeParse({ ...base, target_app_id: 'x' }).success).toBe(
      false,
    );
  });

  it('requires a reason for a review', () => {
    expect(reviewBodySchema.safeParse({ reason: '  ' }).success).toBe(false);
    expect(reviewBodySchema.parse({ reason: ' ok ' })).toEqual({ reason: 'ok' });
  });
});

describe('request status display (docs/product/credentials.md#request-status)', () => {
  it('shows approved and denied as such and anything else as pending', () => {
    expect(displayApprovalStatus('approved')).toBe('approved');
    expect(displayApprovalStatus('denied')).toBe('denied');
    expect(displayApprovalStatus('pending')).toBe('pending');
    expect(displayApprovalStatus('escalated')).toBe('pending');
    expect(displayApprovalStatus('')).toBe('pending');
  });
});
