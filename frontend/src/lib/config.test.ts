import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAN_TABLE } from '@/types/plan-table';
import { DEFAULT_CONFIG, DEFAULT_SUPPORT_EMAIL, loadConfig, parseConfig, type AppConfig } from './config';

const valid: AppConfig = {
  environment: 'production',
  apiBase: 'https://api.listinglift.app/',
  firebase: { apiKey: 'key-123', authDomain: 'listinglift.firebaseapp.com', projectId: 'listinglift' },
  authEmulatorUrl: '',
  paymentsEnabled: true,
  copyModel: true,
  supportEmail: 'help@listinglift.app',
  supportPhone: '+1 415 867 5309',
  helpCenterUrl: 'https://help.listinglift.app',
  companyName: 'ListingLift, Inc.',
  companyAddress: '1 Market St, San Francisco, CA 94105, USA',
  tokenSyncUrl: '/api/session',
  tokenSyncMaxAgeSeconds: 600,
  plans: PLAN_TABLE.map((p) => (p.id === 'basic' ? { ...p, priceCents: 599 } : p)),
};

describe('parseConfig', () => {
  it('takes the plan table the server serves, and the build’s own when it is absent or malformed', () => {
    expect(parseConfig(valid).config.plans[0]?.priceCents).toBe(599);
    expect(parseConfig({ ...valid, plans: undefined }).config.plans).toBe(PLAN_TABLE);
    for (const plans of [[], 'basic', [{ id: 'basic' }], [...PLAN_TABLE, PLAN_TABLE[0]], PLAN_TABLE.map((p) => ({ ...p, id: 'gold' }))]) {
      const result = parseConfig({ ...valid, plans });
      expect(result.config.plans).toBe(PLAN_TABLE);
      expect(result.errors).toEqual(['plans: expected the plan table (one entry for each plan)']);
    }
  });

  it('accepts a complete, valid configuration', () => {
    const result = parseConfig(valid);
    expect(result.errors).toEqual([]);
    expect(result.source).toBe('runtime');
    // apiBase loses its trailing slash so paths can be appended.
    expect(result.config).toEqual({ ...valid, apiBase: 'https://api.listinglift.app' });
  });

  it('uses the safe defaults when the configuration is absent', () => {
    for (const raw of [undefined, null]) {
      const result = parseConfig(raw);
      expect(result.errors).toEqual([]);
      expect(result.source).toBe('defaults');
      expect(result.config).toEqual(DEFAULT_CONFIG);
    }
    expect(DEFAULT_CONFIG).toMatchObject({
      environment: 'development',
      apiBase: '',
      authEmulatorUrl: '',
      paymentsEnabled: false,
      supportEmail: 'support@listinglift.app',
    });
  });

  it('fills missing fields with defaults without reporting them', () => {
    const result = parseConfig({ environment: 'production', paymentsEnabled: true });
    expect(result.errors).toEqual([]);
    expect(result.config).toEqual({ ...DEFAULT_CONFIG, environment: 'production', paymentsEnabled: true });
  });

  it('rejects a value that is not an object', () => {
    for (const raw of ['production', 42, true, ['a']]) {
      const result = parseConfig(raw);
      expect(result.errors).toEqual(['runtime config: expected an object']);
      expect(result.config).toEqual(DEFAULT_CONFIG);
    }
  });

  it('reports each malformed field and falls back to its default', () => {
    const result = parseConfig({
      environment: 'staging',
      apiBase: 'ftp://example.com',
      firebase: 'not-an-object',
      authEmulatorUrl: 12,
      paymentsEnabled: 'yes',
      supportPhone: 7,
      supportEmail: 'not-an-email',
      helpCenterUrl: 'javascript:alert(1)',
      tokenSyncMaxAgeSeconds: -5,
    });
    expect(result.config).toEqual(DEFAULT_CONFIG);
    expect(result.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^environment:/),
        expect.stringMatching(/^apiBase:/),
        'firebase: expected an object',
        expect.stringMatching(/^authEmulatorUrl:/),
        'paymentsEnabled: expected a boolean',
        'supportPhone: expected a string',
        'supportEmail: expected an e-mail address',
        expect.stringMatching(/^helpCenterUrl:/),
        'tokenSyncMaxAgeSeconds: expected a non-negative number',
      ]),
    );
    expect(result.errors).toHaveLength(9);
  });

  it('validates nested firebase fields', () => {
    const result = parseConfig({ firebase: { apiKey: 1, authDomain: 'x.firebaseapp.com' } });
    expect(result.errors).toEqual(['firebase.apiKey: expected a string']);
    expect(result.config.firebase).toEqual({ apiKey: '', authDomain: 'x.firebaseapp.com', projectId: '' });
  });

  it('rejects NaN and Infinity for numbers', () => {
    expect(parseConfig({ tokenSyncMaxAgeSeconds: Number.NaN }).errors).toHaveLength(1);
    expect(parseConfig({ tokenSyncMaxAgeSeconds: Number.POSITIVE_INFINITY }).errors).toHaveLength(1);
  });

  it('accepts a same-origin path as apiBase and an empty support e-mail as the default', () => {
    const result = parseConfig({ apiBase: '/backend/', supportEmail: '' });
    expect(result.errors).toEqual([]);
    expect(result.config.apiBase).toBe('/backend');
    expect(result.config.supportEmail).toBe(DEFAULT_SUPPORT_EMAIL);
  });

  it('never keeps an Auth emulator in production', () => {
    const result = parseConfig({ environment: 'production', authEmulatorUrl: 'http://127.0.0.1:9099' });
    expect(result.config.authEmulatorUrl).toBe('');
    expect(result.errors).toEqual(['authEmulatorUrl: must be "" in production; ignored']);

    const dev = parseConfig({ environment: 'development', authEmulatorUrl: 'http://127.0.0.1:9099' });
    expect(dev.errors).toEqual([]);
    expect(dev.config.authEmulatorUrl).toBe('http://127.0.0.1:9099');
  });
});

describe('loadConfig', () => {
  afterEach(() => {
    delete window.__LISTINGLIFT_CONFIG__;
  });

  it('reads window.__LISTINGLIFT_CONFIG__', () => {
    window.__LISTINGLIFT_CONFIG__ = valid;
    expect(loadConfig().supportEmail).toBe('help@listinglift.app');
  });

  it('logs malformed configuration once and returns a frozen config', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const config = loadConfig({ __LISTINGLIFT_CONFIG__: { paymentsEnabled: 'yes' } });
    expect(config.paymentsEnabled).toBe(false);
    expect(Object.isFrozen(config)).toBe(true);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[0]).toContain('paymentsEnabled: expected a boolean');
  });

  it('is silent when there is no configuration', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(loadConfig(undefined)).toEqual(DEFAULT_CONFIG);
    expect(error).not.toHaveBeenCalled();
  });
});
