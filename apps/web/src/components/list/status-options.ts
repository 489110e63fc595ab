import { COMMON_LABELS } from '../labels';

/** A status filter's options: 全部 first, then each status with its text (e.g. the contract's `…_TEXT`). */
export function statusOptionsOf<const Status extends string>(
  statuses: readonly Status[],
  text: Record<Status, string>,
): { value: Status | 'all'; label: string }[] {
  return [
    { value: 'all', label: COMMON_LABELS.all },
    ...statuses.map((status) => ({ value: status, label: text[status] })),
  ];
}
