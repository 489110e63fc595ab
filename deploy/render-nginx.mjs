#!/usr/bin/env node
// Writes the nginx configuration of deploy/nginx/console.conf.template for given ports.
//   node deploy/render-nginx.mjs --listen 8080 --upstream 127.0.0.1:8081 --upstream 127.0.0.1:8082 \
//     --prefix /tmp/console-nginx [--hold-ms 55000] [--fail-timeout 10s] [--drain 127.0.0.1:8081] [--out nginx.conf]
// Without --out the configuration goes to stdout.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const NGINX_TEMPLATE = fileURLToPath(new URL('./nginx/console.conf.template', import.meta.url));
/** The server's default LONGPOLL_HOLD_MS. */
const DEFAULT_HOLD_MS = 55_000;
/** The console's own timeout of a poll (spec 9): nginx never cuts a poll the console still waits for. */
const CONSOLE_POLL_TIMEOUT_S = 80;

/**
 * The configuration text. `upstreams`: `host:port` of each instance; `prefix`: the directory of the logs and
 * temporary files (absolute); `listen`: nginx's port or `address:port`; `holdMs`: the instances'
 * LONGPOLL_HOLD_MS; `failTimeout`: how long an instance that failed stays out of the rotation; `drained`: the
 * upstreams marked `down`, which get no new request (a rolling restart drains an instance this way, then stops it).
 * @param {{ listen: string | number; upstreams: string[]; prefix: string; holdMs?: number; failTimeout?: string; drained?: string[] }} options
 * @returns {string}
 */
export function renderNginxConfig({
  listen,
  upstreams,
  prefix,
  holdMs = DEFAULT_HOLD_MS,
  failTimeout = '10s',
  drained = [],
}) {
  if (upstreams.length === 0) throw new Error('at least one upstream instance');
  for (const upstream of drained)
    if (!upstreams.includes(upstream)) throw new Error(`drained ${upstream} is not an upstream`);
  if (drained.length >= upstreams.length) throw new Error('at least one instance must stay in service');
  const down = (upstream) => (drained.includes(upstream) ? ' down' : '');
  if (!path.isAbsolute(prefix)) throw new Error('prefix must be an absolute path');
  for (const upstream of upstreams)
    if (!/^[\w.-]+:\d{1,5}$|^\[[0-9a-f:]+\]:\d{1,5}$/i.test(upstream))
      throw new Error(`bad upstream ${upstream}`);
  if (!/^\d+[smh]?$/.test(failTimeout)) throw new Error(`bad fail timeout ${failTimeout}`);
  // Above the hold (with margin for a busy instance), never above the console's own timeout.
  const pollReadTimeoutS = Math.min(CONSOLE_POLL_TIMEOUT_S, Math.ceil(holdMs / 1000) + 10);
  const fields = {
    PREFIX: prefix,
    LISTEN: String(listen),
    UPSTREAM_SERVERS: upstreams
      .map((upstream) => `    server ${upstream} max_fails=1 fail_timeout=${failTimeout}${down(upstream)};`)
      .join('\n'),
    POLL_UPSTREAM_SERVERS: upstreams
      .map((upstream) => `    server ${upstream} max_fails=0${down(upstream)};`)
      .join('\n'),
    POLL_READ_TIMEOUT: `${pollReadTimeoutS}s`,
    INSTANCE_COUNT: String(upstreams.length),
  };
  const text = readFileSync(NGINX_TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (!(name in fields)) throw new Error(`template field {{${name}}} has no value`);
    return fields[name];
  });
  return text;
}

/** Renders into `prefix` (creating it and its temp folders) and answers the path of the written file. */
export function writeNginxConfig(options) {
  mkdirSync(path.join(options.prefix, 'tmp'), { recursive: true });
  const file = path.join(options.prefix, 'nginx.conf');
  writeFileSync(file, renderNginxConfig(options));
  return file;
}

/** The arguments of `nginx` that run this configuration in the foreground, touching only `prefix`. */
export function nginxArgs(prefix) {
  return [
    '-p',
    prefix,
    '-c',
    path.join(prefix, 'nginx.conf'),
    '-e',
    path.join(prefix, 'error.log'),
    '-g',
    `daemon off; pid ${path.join(prefix, 'nginx.pid')};`,
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({
    options: {
      listen: { type: 'string', default: '8080' },
      upstream: { type: 'string', multiple: true, default: [] },
      prefix: { type: 'string' },
      'hold-ms': { type: 'string' },
      'fail-timeout': { type: 'string' },
      drain: { type: 'string', multiple: true, default: [] },
      out: { type: 'string' },
    },
  });
  if (!values.prefix || values.upstream.length === 0) {
    console.error(
      'usage: render-nginx.mjs --listen PORT --upstream HOST:PORT [--upstream …] --prefix DIR [--out FILE]',
    );
    process.exit(2);
  }
  const text = renderNginxConfig({
    listen: values.listen,
    upstreams: values.upstream,
    prefix: path.resolve(values.prefix),
    ...(values['hold-ms'] ? { holdMs: Number(values['hold-ms']) } : {}),
    ...(values['fail-timeout'] ? { failTimeout: values['fail-timeout'] } : {}),
    drained: values.drain,
  });
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text);
}
