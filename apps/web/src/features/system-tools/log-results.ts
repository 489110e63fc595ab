import { LOG_RESULTS, type LogResult } from '@console/contract';
import { statusOptionsOf } from '../../components/list/status-options';
import { SYSTEM_TOOL_LABELS } from './labels';

export const RESULT_COLOR: Record<LogResult, string> = { ok: 'green', fail: 'red' };
export const RESULT_OPTIONS = statusOptionsOf(LOG_RESULTS, SYSTEM_TOOL_LABELS.result);
