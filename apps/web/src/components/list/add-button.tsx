import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useHasPermission } from '../permission';

/** A page's 新增 (新增用户, 开店, …): its label, who may use it (any of `permission`) and what it opens. */
export type AddAction = { label: string; permission: readonly string[]; onClick(): void };

/** A toolbar's 新增 button, shown only to holders of one of `permission`. */
export function AddButton({ permission, label, testId, onClick }: AddAction & { testId: string }) {
  const allowed = useHasPermission(permission);
  if (!allowed) return null;
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}
