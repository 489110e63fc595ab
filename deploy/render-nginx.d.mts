export type NginxOptions = {
  listen: string | number;
  upstreams: string[];
  prefix: string;
  holdMs?: number;
  failTimeout?: string;
  /** Upstreams marked `down`: no new request goes to them. */
  drained?: string[];
};
export const NGINX_TEMPLATE: string;
export function renderNginxConfig(options: NginxOptions): string;
export function writeNginxConfig(options: NginxOptions): string;
export function nginxArgs(prefix: string): string[];
