import { describe, expect, it } from 'vitest';
import { bearer, createUser, signIn } from '../test/fixtures.js';
import { createTestApp } from '../test/test-app.js';
import { configuredOrigins, originOf, staticHeadersOf } from './security.js';

describe('configured third-party origins in the CSP', () => {
  it('takes the origin of a URL, tile templates included, and refuses other schemes', () => {
    expect(originOf('https://tiles.example.com/{z}/{x}/{y}.png')).toBe('https://tiles.example.com');
    expect(originOf('https://{s}.tile.example.com:8443/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.example.com:8443',
    );
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('')).toBeNull();
  });

  it('puts each configured origin under its directive only', () => {
    expect(
      configuredOrigins({
        statsScriptUrl: 'https://stats.example.com/s.js',
        errorReportUrl: 'https://errors.example.com/report',
        mapTileUrl: '',
      }),
    ).toEqual({
      script: ['https://stats.example.com'],
      connect: ['https://stats.example.com', 'https://errors.example.com'],
      img: [],
    });
  });

  it('sends them in the Content-Security-Policy header', async () => {
    const t = await createTestApp({ statsScriptUrl: 'https://stats.example.com/s.js' });
    try {
      const csp = String(
        (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
      );
      expect(csp).toContain("script-src 'self' https://stats.example.com");
      expect(csp).toContain("connect-src 'self' https://stats.example.com");
    } finally {
      await t.close();
    }
  });
});

describe('security headers worked out once', () => {
  it('are the headers helmet sets for the options, as plain strings', () => {
    const headers = staticHeadersOf({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
      hsts: false,
    });
    expect(headers['content-security-policy']).toBe("default-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers).not.toHaveProperty('strict-transport-security');
  });

  it('are on every answer, a 404 and a refused call included', async () => {
    const t = await createTestApp();
    try {
      for (const url of ['/api/health', '/api/no-such-thing', '/api/user/info']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        expect(String(response.headers['content-security-policy']), url).toContain("object-src 'none'");
      }
    } finally {
      await t.close();
    }
  });
});

describe('caching of API answers', () => {
  it('forbids storing authenticated JSON unless the route chose a cache policy', async () => {
    const t = await createTestApp();
    try {
      const user = await createUser(t.db);
      const token = await signIn(t.app, user);
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: bearer(token),
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.headers['cache-control']).toBe('no-store');
      const refused = await t.app.inject({ method: 'GET', url: '/api/users/profile' });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });
});
