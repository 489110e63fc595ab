import { processQueryTimings } from '../db/query-timing.js';

/**
 * Counts the statements a step runs, by the start of their text: reset the SQL monitor first (it keeps a bounded
 * number of statements, and a whole suite would push a step's out), then read `calls(prefix)` after the step.
 */
export function countStatements(): (prefix: string) => number {
  processQueryTimings.reset();
  return (prefix) =>
    processQueryTimings
      .list()
      .filter((s) => s.query.startsWith(prefix))
      .reduce((sum, s) => sum + s.calls, 0);
}
