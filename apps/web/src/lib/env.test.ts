import { describe, expect, it } from 'vitest';
import { DEFAULT_REQUEST_TIMEOUT_MS, detectEnv, readInjectedConfig, resolveRuntimeConfig, usesTestBusinessHost } from './env';

describe('detectEnv', () => {
  it.each([
    ['https://store-uat.example.com', 'uat'],
    ['http://localhost:5173', 'uat'],
    ['https://store-test.example.com', 'test'],
    ['https://store.example.com', 'prd'],
    ['http://127.0.0.1:8080', 'prd'],
  ])('%s is %s', (origin, env) => {
    expect(detectEnv(origin)).toBe(env);
  });
});

describe('usesTestBusinessHost', () => {
  it('is true for test and uat markers and for origins without .com', () => {
    expect(usesTestBusinessHost('https://store-test.example.com')).toBe(true);
    expect(usesTestBusinessHost('https://store-uat.example.com')).toBe(true);
    expect(usesTestBusinessHost('http://localhost:5173')).toBe(true);
    expect(usesTestBusinessHost('https://store.example.com')).toBe(false);
  });
});

describe('resolveRuntimeConfig', () => {
  it('defaults to the same origin and the spec timeout', () => {
    expect(resolveRuntimeConfig(undefined, 'https://store.example.com')).toEqual({
      env: 'prd',
      businessHost: '',
      aiSiteHost: '',
      tokenHosts: ['store.example.com'],
      requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
    });
  });

  it('picks per-environment hosts and collects the token allow-list', () => {
    const config = resolveRuntimeConfig(
      {
        businessHost: { test: 'https://biz-test.example.com/', prd: 'https://biz.example.com' },
        aiSiteHost: { uat: 'https://ai-uat.example.com', prd: 'https://ai.example.com' },
        tokenHosts: ['Reports.Example.com:8443'],
        requestTimeoutMs: 60_000,
      },
      'https://store.example.com',
    );
    expect(config).toEqual({
      env: 'prd',
      businessHost: 'https://biz.example.com',
      aiSiteHost: 'https://ai.example.com',
      tokenHosts: ['store.example.com', 'biz.example.com', 'ai.example.com', 'reports.example.com'],
      requestTimeoutMs: 60_000,
    });
    expect(resolveRuntimeConfig({ businessHost: { test: 'https://biz-test.example.com/' } }, 'http://localhost:5173'))
      .toMatchObject({ env: 'uat', businessHost: 'https://biz-test.example.com' });
  });

  it('takes final hosts as given', () => {
    expect(resolveRuntimeConfig({ businessHost: 'https://biz.example.com' }, 'https://a-test.example.com')).toMatchObject(
      { env: 'test', businessHost: 'https://biz.example.com' },
    );
  });

  it('ignores a malformed config', () => {
    expect(resolveRuntimeConfig({ requestTimeoutMs: 'soon' }, 'https://store.example.com').requestTimeoutMs).toBe(
      DEFAULT_REQUEST_TIMEOUT_MS,
    );
  });
});

describe('readInjectedConfig', () => {
  it('reads the global, else the JSON script tag', () => {
    window.__APP_CONFIG__ = { requestTimeoutMs: 5 };
    expect(readInjectedConfig(window)).toEqual({ requestTimeoutMs: 5 });
    delete window.__APP_CONFIG__;

    const script = document.createElement('script');
    script.id = 'app-config';
    script.type = 'application/json';
    script.textContent = '{"requestTimeoutMs":7}';
    document.head.append(script);
    expect(readInjectedConfig(window)).toEqual({ requestTimeoutMs: 7 });
    script.textContent = '{broken';
    expect(readInjectedConfig(window)).toBeUndefined();
    script.remove();
  });
});
