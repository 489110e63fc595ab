import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nginxArgs, renderNginxConfig, writeNginxConfig } from './render-nginx.mjs';

const prefix = mkdtempSync(path.join(tmpdir(), 'render-nginx-test-'));
afterAll(() => rmSync(prefix, { recursive: true, force: true }));

const options = { listen: 8080, upstreams: ['127.0.0.1:8081', '127.0.0.1:8082'], prefix };

describe('the nginx configuration of the deployment', () => {
  it('lists every instance in both upstream views and leaves no field unfilled', () => {
    const text = renderNginxConfig(options);
    expect(text).not.toMatch(/\{\{\w+\}\}/);
    expect(text).toContain('server 127.0.0.1:8081 max_fails=1 fail_timeout=10s;');
    expect(text).toContain('server 127.0.0.1:8082 max_fails=0;');
    expect(text).toContain('listen 8080;');
    expect(text).toContain('proxy_next_upstream_tries 2;');
  });

  it('replays only the long poll although it is a POST, and holds it above the hold time', () => {
    const text = renderNginxConfig({ ...options, holdMs: 30_000 });
    const poll = text.slice(text.indexOf('location = /api/im/listener'), text.indexOf('location / {'));
    const rest = text.slice(text.indexOf('location / {'));
    expect(poll).toContain('proxy_next_upstream error timeout http_502 http_503 non_idempotent;');
    expect(poll).toContain('proxy_read_timeout 40s;');
    expect(poll).toContain('proxy_pass http://console_poll;');
    expect(poll).toContain('proxy_set_header X-Request-Start "t=$msec";');
    expect(poll).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(rest).not.toContain('non_idempotent');
    // Never above the console's own 80 s timeout.
    expect(renderNginxConfig({ ...options, holdMs: 75_000 })).toContain('proxy_read_timeout 80s;');
  });

  it('marks drained instances down in both views, and never all of them', () => {
    const text = renderNginxConfig({ ...options, drained: ['127.0.0.1:8081'] });
    expect(text).toContain('server 127.0.0.1:8081 max_fails=1 fail_timeout=10s down;');
    expect(text).toContain('server 127.0.0.1:8081 max_fails=0 down;');
    expect(text).toContain('server 127.0.0.1:8082 max_fails=0;');
    expect(() => renderNginxConfig({ ...options, drained: options.upstreams })).toThrow('stay in service');
    expect(() => renderNginxConfig({ ...options, drained: ['127.0.0.1:9999'] })).toThrow('not an upstream');
  });

  it('never passes the metrics path to an instance: scrapers read each instance directly', () => {
    const text = renderNginxConfig(options);
    const metrics = text.slice(text.indexOf('location ^~ /api/metrics {'), text.indexOf('location / {'));
    expect(metrics).toMatch(/^location \^~ \/api\/metrics \{\s+return 404;\s+\}/);
    expect(metrics).not.toContain('proxy_pass');
  });

  it('refuses what would make a broken configuration', () => {
    expect(() => renderNginxConfig({ ...options, upstreams: [] })).toThrow('at least one');
    expect(() => renderNginxConfig({ ...options, upstreams: ['127.0.0.1:80; evil'] })).toThrow(
      'bad upstream',
    );
    expect(() => renderNginxConfig({ ...options, prefix: 'relative' })).toThrow('absolute');
  });

  it.skipIf(!existsSync('/usr/sbin/nginx'))('passes nginx -t', () => {
    writeNginxConfig(options);
    const args = nginxArgs(prefix).map((arg) =>
      arg.startsWith('daemon off') ? `pid ${prefix}/t.pid;` : arg,
    );
    const result = spawnSync('/usr/sbin/nginx', ['-t', ...args], { encoding: 'utf8' });
    expect(result.stderr).toContain('syntax is ok');
    expect(result.status).toBe(0);
  });
});
