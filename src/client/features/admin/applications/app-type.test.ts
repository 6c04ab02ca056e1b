import { describe, expect, it } from 'vitest';
import { appTypeLabel } from './app-type';

describe('appTypeLabel', () => {
  it('names a type in words, capitalised, SSO as one', () => {
    expect(appTypeLabel('sso_demo_receiver')).toBe('SSO demo receiver');
    expect(appTypeLabel('data_processing')).toBe('Data processing');
    expect(appTypeLabel('marketplace')).toBe('Marketplace');
  });
});
