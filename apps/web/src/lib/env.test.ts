import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  detectEnv,
  parseRawConfig,
  resolveRuntimeConfig,
  usesTestBusinessHost,
} from './env';

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
      aiSiteUrl: '',
      tokenHosts: ['store.example.com'],
      requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
      demoMode: false,
      mapTileUrl: '',
      statsScriptUrl: '',
      errorReportUrl: '',
      versionPollMs: 1_800_000,
      supportPhone: '',
    });
  });

  it('picks per-environment hosts and collects the token allow-list', () => {
    const config = resolveRuntimeConfig(
      {
        businessHost: { test: 'https://biz-test.example.com/', prd: 'https://biz.example.com' },
        aiSiteUrl: { uat: 'https://ai-uat.example.com', prd: 'https://ai.example.com' },
        tokenAllowHosts: ['Reports.Example.com:8443'],
        requestTimeoutMs: 60_000,
      },
      'https://store.example.com',
    );
    expect(config).toEqual({
      env: 'prd',
      businessHost: 'https://biz.example.com',
      aiSiteUrl: 'https://ai.example.com',
      tokenHosts: ['store.example.com', 'biz.example.com', 'ai.example.com', 'reports.example.com'],
      requestTimeoutMs: 60_000,
      demoMode: false,
      mapTileUrl: '',
      statsScriptUrl: '',
      errorReportUrl: '',
      versionPollMs: 1_800_000,
      supportPhone: '',
    });
    expect(
      resolveRuntimeConfig(
        { businessHost: { test: 'https://biz-test.example.com/' } },
        'http://localhost:5173',
      ),
    ).toMatchObject({ env: 'uat', businessHost: 'https://biz-test.example.com' });
  });

  it('takes final hosts as given', () => {
    expect(
      resolveRuntimeConfig({ businessHost: 'https://biz.example.com' }, 'https://a-test.example.com'),
    ).toMatchObject({ env: 'test', businessHost: 'https://biz.example.com' });
  });

  it('ignores a malformed config', () => {
    expect(
      resolveRuntimeConfig({ requestTimeoutMs: 'soon' }, 'https://store.example.com').requestTimeoutMs,
    ).toBe(DEFAULT_REQUEST_TIMEOUT_MS);
  });
});

describe('parseRawConfig', () => {
  it('keeps the known fields, trims hosts and drops unknown keys', () => {
    expect(
      parseRawConfig({
        businessHost: { test: ' https://biz-test.example.com ', other: 'x' },
        aiSiteUrl: ' https://ai.example.com ',
        tokenAllowHosts: [' a.example.com '],
        requestTimeoutMs: 1000,
        demoMode: true,
        mapTileUrl: 'https://tiles/{z}/{x}/{y}.png',
        versionPollMs: 60_000,
        unknown: 1,
      }),
    ).toEqual({
      businessHost: { test: 'https://biz-test.example.com' },
      aiSiteUrl: 'https://ai.example.com',
      tokenAllowHosts: ['a.example.com'],
      requestTimeoutMs: 1000,
      demoMode: true,
      mapTileUrl: 'https://tiles/{z}/{x}/{y}.png',
      versionPollMs: 60_000,
    });
  });

  it('treats a missing config as empty', () => {
    expect(parseRawConfig(undefined)).toEqual({});
    expect(parseRawConfig(null)).toEqual({});
  });

  it.each([
    ['not an object', 'config'],
    ['an array', []],
    ['a negative timeout', { requestTimeoutMs: -1 }],
    ['a fractional poll interval', { versionPollMs: 1.5 }],
    ['a non-boolean demo flag', { demoMode: 'yes' }],
    ['a host map with a number', { businessHost: { prd: 42 } }],
    ['a host list with a number', { tokenAllowHosts: ['a.com', 1] }],
    ['a null field', { mapTileUrl: null }],
  ])('rejects %s', (_, raw) => {
    expect(parseRawConfig(raw)).toBeNull();
  });
});
