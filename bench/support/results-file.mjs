import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Below this line a bench's RESULTS.md is hand-written: a run rewrites only what is above it. */
export const NOTES_MARKER = '<!-- notes: kept by run.mjs -->';

/** Writes a run's `text` as the top of `file`, keeping the hand-written notes already below the marker. */
export function writeResultsKeepingNotes(file, text) {
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const notes = old.includes(NOTES_MARKER) ? old.slice(old.indexOf(NOTES_MARKER)) : `${NOTES_MARKER}\n`;
  writeFileSync(file, `${text.trimEnd()}\n\n${notes}`);
}

/** V8 CPU profile flags for our server when `variable` names a directory (5 ms sampling: it still settles). */
export function profileArgs(variable) {
  const dir = process.env[variable];
  return dir ? ['--cpu-prof', '--cpu-prof-interval=5000', `--cpu-prof-dir=${dir}`] : [];
}
