/** Deployment environment, told from the page origin (spec 7.1). */
export type AppEnv = 'uat' | 'test' | 'prd';

export function detectEnv(origin: string): AppEnv {
  if (origin.includes('-uat') || origin.includes('localhost')) return 'uat';
  if (origin.includes('-test')) return 'test';
  return 'prd';
}

/** Spec 7.1: the business host is the test one on test/uat origins and on any origin without ".com". */
export function usesTestBusinessHost(origin: string): boolean {
  return /-(test|uat)/.test(origin) || !origin.includes('.com');
}

type HostSetting<K extends string> = string | Partial<Record<K, string>>;

/**
 * What the server injects as `window.__APP_CONFIG__` (apps/server, `webRuntimeConfig`). A host is either
 * final or a per-environment map that this module resolves by the spec 7.1 rules.
 */
export type RawRuntimeConfig = {
  businessHost?: HostSetting<'test' | 'prd'>;
  aiSiteUrl?: HostSetting<AppEnv>;
  tokenAllowHosts?: string[];
  requestTimeoutMs?: number;
  demoMode?: boolean;
  mapTileUrl?: string;
  statsScriptUrl?: string;
  errorReportUrl?: string;
  versionPollMs?: number;
  supportPhone?: string;
};

// Hand-written checks rather than zod: this module is part of the entry chunk, where zod would cost ~25 kB gzip
// on the login route (docs/web-app.md, "Bundle budget").
const INVALID = Symbol('invalid');
type Check<T> = (value: unknown) => T | typeof INVALID;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text: Check<string> = (value) => (typeof value === 'string' ? value : INVALID);
const host: Check<string> = (value) => (typeof value === 'string' ? value.trim() : INVALID);
const flag: Check<boolean> = (value) => (typeof value === 'boolean' ? value : INVALID);
const positiveInt: Check<number> = (value) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : INVALID;
const hostList: Check<string[]> = (value) => {
  if (!Array.isArray(value)) return INVALID;
  const hosts = value.map(host);
  return hosts.some((h) => h === INVALID) ? INVALID : (hosts as string[]);
};

function hostSetting<K extends string>(keys: readonly K[]): Check<HostSetting<K>> {
  return (value) => {
    if (typeof value === 'string') return value.trim();
    if (!isRecord(value)) return INVALID;
    const hosts: Partial<Record<K, string>> = {};
    for (const key of keys) {
      if (value[key] === undefined) continue;
      const checked = host(value[key]);
      if (checked === INVALID) return INVALID;
      hosts[key] = checked;
    }
    return hosts;
  };
}

const CONFIG_CHECKS: { [K in keyof RawRuntimeConfig]-?: Check<NonNullable<RawRuntimeConfig[K]>> } = {
  businessHost: hostSetting(['test', 'prd']),
  aiSiteUrl: hostSetting(['uat', 'test', 'prd']),
  tokenAllowHosts: hostList,
  requestTimeoutMs: positiveInt,
  demoMode: flag,
  mapTileUrl: text,
  statsScriptUrl: text,
  errorReportUrl: text,
  versionPollMs: positiveInt,
  supportPhone: text,
};

/** The known fields of the injected config (unknown ones dropped); null when any known field is malformed. */
export function parseRawConfig(raw: unknown): RawRuntimeConfig | null {
  if (raw === undefined || raw === null) return {};
  if (!isRecord(raw)) return null;
  const config: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(CONFIG_CHECKS)) {
    if (raw[key] === undefined) continue;
    const value = check(raw[key]);
    if (value === INVALID) return null;
    config[key] = value;
  }
  return config as RawRuntimeConfig;
}

export type RuntimeConfig = {
  env: AppEnv;
  /** `{host}` of the business calls, an origin without trailing slash; '' means same origin. */
  businessHost: string;
  /** The AI question-and-answer site; '' means same origin. */
  aiSiteUrl: string;
  /** Host names (lower case) to which a link may carry the token. Always includes the page's own host. */
  tokenHosts: string[];
  requestTimeoutMs: number;
  /** The server's demo mode (dev helpers available); never true in production. */
  demoMode: boolean;
  /** Leaflet tile URL template; '' = no tiles (the map still shows the marker and coordinates). */
  mapTileUrl: string;
  /** Third-party statistics script; '' = statistics off. */
  statsScriptUrl: string;
  /** Error-report endpoint; '' = the server's own client-error endpoint. */
  errorReportUrl: string;
  versionPollMs: number;
  /** Help-desk phone of the message-center failure notice; '' = none configured. */
  supportPhone: string;
};

export const DEFAULT_REQUEST_TIMEOUT_MS = 1_200_000;
export const DEFAULT_VERSION_POLL_MS = 1_800_000;

function trimSlash(host: string): string {
  return host.replace(/\/+$/, '');
}

/** Host name of an origin or a bare host ("ai.example.com:8443"); null when unparsable. */
function hostnameOf(host: string): string | null {
  try {
    return new URL(host.includes('://') ? host : `https://${host}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export function resolveRuntimeConfig(raw: unknown, origin: string): RuntimeConfig {
  const config: RawRuntimeConfig = parseRawConfig(raw) ?? {};
  const env = detectEnv(origin);

  const business = config.businessHost;
  const businessHost = trimSlash(
    typeof business === 'string'
      ? business
      : ((usesTestBusinessHost(origin) ? business?.test : business?.prd) ?? ''),
  );
  const ai = config.aiSiteUrl;
  const aiSiteUrl = trimSlash(typeof ai === 'string' ? ai : (ai?.[env] ?? ''));

  const tokenHosts = [origin, businessHost, aiSiteUrl, ...(config.tokenAllowHosts ?? [])]
    .filter((host) => host !== '')
    .map(hostnameOf)
    .filter((host): host is string => host !== null && host !== '');

  return {
    env,
    businessHost,
    aiSiteUrl,
    tokenHosts: [...new Set(tokenHosts)],
    requestTimeoutMs: config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    demoMode: config.demoMode ?? false,
    mapTileUrl: config.mapTileUrl ?? '',
    statsScriptUrl: config.statsScriptUrl ?? '',
    errorReportUrl: config.errorReportUrl ?? '',
    versionPollMs: config.versionPollMs ?? DEFAULT_VERSION_POLL_MS,
    supportPhone: config.supportPhone ?? '',
  };
}

declare global {
  interface Window {
    __APP_CONFIG__?: unknown;
  }
}

export const runtimeConfig: RuntimeConfig = resolveRuntimeConfig(
  window.__APP_CONFIG__,
  window.location.origin,
);
