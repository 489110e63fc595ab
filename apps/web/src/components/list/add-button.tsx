import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useHasPermission } from '../permission';

/** A list toolbar's 新增 button (新增用户, 开店, …), shown only to holders of one of `permission`. */
export function AddButton({
  permission,
  label,
  testId,
  onClick,
}: {
  permission: readonly string[];
  label: string;
  testId: string;
  onClick(): void;
}) {
  const allowed = useHasPermission(permission);
  if (!allowed) return null;
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}
