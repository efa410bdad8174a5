/**
 * Runtime configuration.
 *
 * One build serves every environment: the Go server answers /runtime-config.js
 * (loaded by index.html before the app) with
 *
 *   window.__LISTINGLIFT_CONFIG__ = { environment: "production", apiBase: "", ... };
 *
 * The plan table (what each plan costs and includes, backend/plans) comes the same way; its
 * default is the build's generated copy (types/plan-table.ts), which the prerendered landing
 * page uses.
 *
 * The value is validated here by hand (no schema library, to keep the landing
 * page's JavaScript small). When the script is absent (unit tests, `vite dev`
 * without the Go server, `vite preview`) the safe defaults below apply. A field
 * that is present but malformed falls back to its default and is reported.
 */

import { PLAN_TABLE, type PlanFacts } from '@/types/plan-table';

export type Environment = 'development' | 'production';

export interface FirebaseConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
}

export interface AppConfig {
  environment: Environment;
  /** Origin (or path prefix) of the API; "" means the same origin as the page. No trailing slash. */
  apiBase: string;
  firebase: FirebaseConfig;
  /** e.g. "http://127.0.0.1:9099"; "" means no Auth emulator. Never set in production. */
  authEmulatorUrl: string;
  /** Whether orders go through Stripe's hosted checkout (the server's order service decides). */
  paymentsEnabled: boolean;
  /** Whether a language model writes the report's copy (the server has one configured); else the built-in writer does. */
  copyModel: boolean;
  supportEmail: string;
  supportPhone: string;
  helpCenterUrl: string;
  /** The operator the legal pages name, and its postal address ("" when not configured: development). */
  companyName: string;
  companyAddress: string;
  /** Same-origin URL the ID token is POSTed to (SPEC §7 "Optional auth token sync"); "" disables it. */
  tokenSyncUrl: string;
  tokenSyncMaxAgeSeconds: number;
  /** The plan table, cheapest first (read through lib/plans). */
  plans: readonly PlanFacts[];
}

declare global {
  interface Window {
    __LISTINGLIFT_CONFIG__?: unknown;
  }
}

export const DEFAULT_SUPPORT_EMAIL = 'support@listinglift.app';

export const DEFAULT_CONFIG: Readonly<AppConfig> = Object.freeze({
  environment: 'development',
  apiBase: '',
  firebase: Object.freeze({ apiKey: '', authDomain: '', projectId: '' }),
  authEmulatorUrl: '',
  paymentsEnabled: false,
  copyModel: false,
  supportEmail: DEFAULT_SUPPORT_EMAIL,
  supportPhone: '',
  helpCenterUrl: '',
  companyName: 'ListingLift',
  companyAddress: '',
  tokenSyncUrl: '',
  // Firebase ID tokens live for one hour; sync only reasonably fresh ones.
  tokenSyncMaxAgeSeconds: 3300,
  plans: PLAN_TABLE,
});

export interface ConfigResult {
  config: AppConfig;
  /** Human-readable problems found; empty when the input was valid or absent. */
  errors: string[];
  /** Whether a runtime configuration object was supplied at all. */
  source: 'runtime' | 'defaults';
}

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Reads fields from one object, collecting errors; missing fields take the fallback silently. */
class FieldReader {
  constructor(
    private readonly obj: UnknownRecord,
    private readonly prefix: string,
    private readonly errors: string[],
  ) {}

  private has(key: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.obj, key) && this.obj[key] !== undefined;
  }

  private fail<T>(key: string, expected: string, fallback: T): T {
    this.errors.push(`${this.prefix}${key}: expected ${expected}`);
    return fallback;
  }

  string(key: string, fallback: string, check?: (v: string) => boolean, expected = 'a string'): string {
    if (!this.has(key)) return fallback;
    const value = this.obj[key];
    if (typeof value !== 'string') return this.fail(key, expected, fallback);
    const trimmed = value.trim();
    if (trimmed !== '' && check && !check(trimmed)) return this.fail(key, expected, fallback);
    return trimmed;
  }

  boolean(key: string, fallback: boolean): boolean {
    if (!this.has(key)) return fallback;
    const value = this.obj[key];
    return typeof value === 'boolean' ? value : this.fail(key, 'a boolean', fallback);
  }

  nonNegativeNumber(key: string, fallback: number): number {
    if (!this.has(key)) return fallback;
    const value = this.obj[key];
    return typeof value === 'number' && Number.isFinite(value) && value >= 0
      ? value
      : this.fail(key, 'a non-negative number', fallback);
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
    if (!this.has(key)) return fallback;
    const value = this.obj[key];
    return typeof value === 'string' && (allowed as readonly string[]).includes(value)
      ? (value as T)
      : this.fail(key, allowed.map((a) => JSON.stringify(a)).join(' or '), fallback);
  }

  record(key: string): UnknownRecord | undefined {
    if (!this.has(key)) return undefined;
    const value = this.obj[key];
    if (isRecord(value)) return value;
    this.errors.push(`${this.prefix}${key}: expected an object`);
    return undefined;
  }
}

/** Whether `value` has every field of a plan with the generated table's type; the ids are the table's own. */
function isPlan(value: unknown): value is PlanFacts {
  if (!isRecord(value) || !PLAN_TABLE.some((p) => p.id === value.id)) return false;
  return Object.entries(PLAN_TABLE[0] ?? {}).every(([key, want]) => {
    const got = value[key];
    return Array.isArray(want) ? Array.isArray(got) && got.every((item) => typeof item === 'string') : typeof got === typeof want;
  });
}

/** The served plan table: one entry for each plan the build knows, or the build's own with an error. */
function readPlans(raw: UnknownRecord, errors: string[]): readonly PlanFacts[] {
  if (raw.plans === undefined) return DEFAULT_CONFIG.plans;
  const plans = raw.plans;
  if (Array.isArray(plans) && plans.every(isPlan) && plans.length === PLAN_TABLE.length && new Set(plans.map((p) => p.id)).size === plans.length) {
    return plans;
  }
  errors.push('plans: expected the plan table (one entry for each plan)');
  return DEFAULT_CONFIG.plans;
}

const isApiBase = (v: string) => v.startsWith('/') || isHttpUrl(v);
const isEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

/** Validates an untrusted configuration value. Never throws. */
export function parseConfig(raw: unknown): ConfigResult {
  if (raw === undefined || raw === null) {
    return { config: { ...DEFAULT_CONFIG, firebase: { ...DEFAULT_CONFIG.firebase } }, errors: [], source: 'defaults' };
  }
  const errors: string[] = [];
  if (!isRecord(raw)) {
    errors.push('runtime config: expected an object');
    return { config: { ...DEFAULT_CONFIG, firebase: { ...DEFAULT_CONFIG.firebase } }, errors, source: 'runtime' };
  }

  const d = DEFAULT_CONFIG;
  const r = new FieldReader(raw, '', errors);
  const fb = new FieldReader(r.record('firebase') ?? {}, 'firebase.', errors);

  const config: AppConfig = {
    environment: r.oneOf('environment', ['development', 'production'] as const, d.environment),
    apiBase: r.string('apiBase', d.apiBase, isApiBase, 'a string: "", a path or an http(s) URL').replace(/\/+$/, ''),
    firebase: {
      apiKey: fb.string('apiKey', d.firebase.apiKey),
      authDomain: fb.string('authDomain', d.firebase.authDomain),
      projectId: fb.string('projectId', d.firebase.projectId),
    },
    authEmulatorUrl: r.string('authEmulatorUrl', d.authEmulatorUrl, isHttpUrl, 'a string: "" or an http(s) URL'),
    paymentsEnabled: r.boolean('paymentsEnabled', d.paymentsEnabled),
    copyModel: r.boolean('copyModel', d.copyModel),
    supportEmail: r.string('supportEmail', d.supportEmail, isEmail, 'an e-mail address') || d.supportEmail,
    supportPhone: r.string('supportPhone', d.supportPhone),
    helpCenterUrl: r.string('helpCenterUrl', d.helpCenterUrl, isHttpUrl, 'a string: "" or an http(s) URL'),
    companyName: r.string('companyName', d.companyName) || d.companyName,
    companyAddress: r.string('companyAddress', d.companyAddress),
    tokenSyncUrl: r.string('tokenSyncUrl', d.tokenSyncUrl),
    tokenSyncMaxAgeSeconds: r.nonNegativeNumber('tokenSyncMaxAgeSeconds', d.tokenSyncMaxAgeSeconds),
    plans: readPlans(raw, errors),
  };

  // Defence in depth: production must never talk to the Auth emulator.
  if (config.environment === 'production' && config.authEmulatorUrl !== '') {
    errors.push('authEmulatorUrl: must be "" in production; ignored');
    config.authEmulatorUrl = '';
  }

  return { config, errors, source: 'runtime' };
}

/** Reads and validates window.__LISTINGLIFT_CONFIG__, reporting problems once on the console. */
export function loadConfig(
  win: Pick<Window, '__LISTINGLIFT_CONFIG__'> | undefined = typeof window === 'undefined' ? undefined : window,
): AppConfig {
  const result = parseConfig(win?.__LISTINGLIFT_CONFIG__);
  if (result.errors.length > 0) {
    console.error(`ListingLift: invalid runtime configuration, defaults used for: ${result.errors.join('; ')}`);
  }
  return Object.freeze(result.config);
}

/** The configuration for this page load. */
export const config: Readonly<AppConfig> = loadConfig();
