import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { COMMON_LABELS } from './labels';

/** 启用 / 停用 by a record's `enabled` (as a string key), and their tag colours: one look on every page. */
export const ENABLED_TEXT: Record<string, string> = {
  true: COMMON_LABELS.enabled,
  false: COMMON_LABELS.disabled,
};
export const ENABLED_COLOR: Record<string, string> = { true: 'green', false: 'default' };

/** The 状态 column of a tree or a plain table whose rows have `enabled`: the tag, with its test id. */
export function enabledColumn<Row extends { enabled: boolean }>(
  title: string,
  testId: string,
): ColumnType<Row> {
  return {
    key: 'enabled',
    title,
    width: 80,
    render: (_, row) => (
      <Tag color={ENABLED_COLOR[String(row.enabled)]} data-testid={testId}>
        {ENABLED_TEXT[String(row.enabled)]}
      </Tag>
    ),
  };
}
