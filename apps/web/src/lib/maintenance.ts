/**
 * Whether this tab started the restore that put the console into maintenance (docs/adr/0005): its 503
 * `MAINTENANCE` answers do not send it to /repair, since the restore dialog shows the progress.
 */
let ownRestore = false;

export function markOwnRestore(on: boolean): void {
  ownRestore = on;
}

export function isOwnRestore(): boolean {
  return ownRestore;
}

/** Where /repair returns to: a path of this app (`/…`, never `//host`), else the home page. */
export function returnPathOf(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/repair')) return '/';
  return from;
}
