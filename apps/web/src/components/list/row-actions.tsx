import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { isApiError } from '../../lib/http';
import { hasPermission } from '../../lib/permission';
import { notify } from '../../lib/notify';
import { LIST_LABELS } from '../labels';

/** One action of a row (the fixed 操作 column, the card's buttons) or of the selected rows. */
export type RowAction<Row> = {
  key: string;
  label: string;
  onClick(row: Row): unknown;
  /** Button permissions, any one of which shows it (none: everyone). */
  permission?: readonly string[];
  /** The server's say for this row (its `actions`): hidden when false. */
  allowed?(row: Row): boolean;
  /**
   * Destructive: red, and asks first — `confirm` names what is acted on (e.g. the order number), or gives the
   * whole question (`{ content }`) when it must also say what follows.
   */
  danger?: boolean;
  confirm?(row: Row): string | { content: string };
};

export type BatchAction<Row> = {
  key: string;
  label: string;
  onClick(rows: Row[]): unknown;
  permission?: readonly string[];
  danger?: boolean;
};

/** The actions a person may take on `row`: their button permissions and the server's `actions`. */
export function visibleRowActions<Row>(
  actions: readonly RowAction<Row>[],
  row: Row,
  roles: readonly string[],
): RowAction<Row>[] {
  return actions.filter(
    (action) =>
      (!action.permission || hasPermission(roles, action.permission)) && (action.allowed?.(row) ?? true),
  );
}

/** Runs an action, asking first when it is destructive. */
export async function runRowAction<Row>(action: RowAction<Row>, row: Row): Promise<void> {
  if (action.confirm) {
    const asked = action.confirm(row);
    const yes = await notify.confirm({
      title: LIST_LABELS.confirmTitle(action.label),
      content: typeof asked === 'string' ? LIST_LABELS.confirmContent(action.label, asked) : asked.content,
    });
    if (!yes) return;
  }
  try {
    await action.onClick(row);
  } catch (error) {
    // The HTTP layer has shown the server's refusal (a 409 naming why); anything else is a bug to report.
    if (!isApiError(error)) throw error;
  }
}

export function RowActionButtons<Row>({ actions, row }: { actions: RowAction<Row>[]; row: Row }) {
  return (
    <Space size={4} wrap>
      {actions.map((action) => (
        <Button
          key={action.key}
          type="link"
          size="small"
          danger={action.danger}
          data-testid={`row-action-${action.key}`}
          onClick={() => void runRowAction(action, row)}
        >
          {action.label}
        </Button>
      ))}
    </Space>
  );
}

/** The same actions behind one 操作 button: a narrow screen's row, where a line of links would not fit. */
export function RowActionMenu<Row>({ actions, row }: { actions: RowAction<Row>[]; row: Row }) {
  if (actions.length === 0) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: actions.map((action) => ({
          key: action.key,
          label: action.label,
          danger: action.danger,
          'data-testid': `row-action-${action.key}`,
        })),
        onClick: ({ key }) => {
          const action = actions.find((a) => a.key === key);
          if (action) void runRowAction(action, row);
        },
      }}
    >
      <Button size="small" data-testid="row-action-menu">
        {LIST_LABELS.actions} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
