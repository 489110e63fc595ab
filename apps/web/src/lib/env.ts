import { z } from 'zod';

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

const hostSchema = z.string().trim();
/**
 * What the server injects as `window.__APP_CONFIG__` (apps/server, `webRuntimeConfig`). A host is either
 * final or a per-environment map that this module resolves by the spec 7.1 rules.
 */
const rawConfigSchema = z.object({
  businessHost: z.union([hostSchema, z.object({ test: hostSchema, prd: hostSchema }).partial()]).optional(),
  aiSiteUrl: z
    .union([hostSchema, z.object({ uat: hostSchema, test: hostSchema, prd: hostSchema }).partial()])
    .optional(),
  tokenAllowHosts: z.array(hostSchema).optional(),
  requestTimeoutMs: z.number().int().positive().optional(),
  demoMode: z.boolean().optional(),
});
export type RawRuntimeConfig = z.infer<typeof rawConfigSchema>;

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
};

export const DEFAULT_REQUEST_TIMEOUT_MS = 1_200_000;

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
  const parsed = rawConfigSchema.safeParse(raw ?? {});
  const config: RawRuntimeConfig = parsed.success ? parsed.data : {};
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
