import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useHasPermission } from '../permission';

/** A page's 新增 button, shown to those holding its button permission. */
export function AddButton({
  label,
  permission,
  testId,
  onClick,
}: {
  label: string;
  permission: string;
  testId: string;
  onClick(): void;
}) {
  const allowed = useHasPermission([permission]);
  if (!allowed) return null;
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}
