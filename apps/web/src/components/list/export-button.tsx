import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useHasPermission } from '../permission';
import { useMenuPageLinks } from '../use-menu-page-links';
import { EXPORT_LABELS as L } from '../labels';

type ExportOptions = {
  /** Queues the export job with the list's current filters (e.g. `call(exportEndpoints.x, filters)`). */
  start(): Promise<unknown>;
  /** The button permission (e.g. `order:export`). */
  permission: readonly string[];
  testId?: string;
  /** The button's text when a page exports more than its list (default 导出). */
  label?: string;
};

/**
 * 导出 of a list through the export jobs: the button queues an export with the list's current filters; the
 * notice then says where the file will be, with a link to 导出记录, since the export runs in the background.
 * <ListPage> places the two: the button in `toolbar`, the notice in `notice`. Both are null without the
 * permission.
 */
export function useExportAction({
  start,
  permission,
  testId = 'list-export',
  label = L.export,
}: ExportOptions): {
  button: ReactNode;
  notice: ReactNode;
} {
  const allowed = useHasPermission(permission);
  const links = useMenuPageLinks();
  const [queued, setQueued] = useState(false);
  const mutation = useMutation({ mutationFn: start, onSuccess: () => setQueued(true) });
  if (!allowed) return { button: null, notice: null };
  const recordsHref = links.href('ExportRecords');

  const button = (
    <Button
      icon={<DownloadOutlined />}
      loading={mutation.isPending}
      data-testid={testId}
      onClick={() => mutation.mutate()}
    >
      {label}
    </Button>
  );
  const notice = queued ? (
    <Alert
      type="success"
      showIcon
      closable={{ onClose: () => setQueued(false) }}
      data-testid="export-queued"
      title={L.queued}
      description={
        <>
          {L.where}
          {recordsHref ? (
            <>
              {' '}
              <Link to={recordsHref} data-testid="export-records-link">
                {L.open}
              </Link>
            </>
          ) : null}
        </>
      }
    />
  ) : null;
  return { button, notice };
}
