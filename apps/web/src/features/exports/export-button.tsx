import { DownloadOutlined } from '@ant-design/icons';
import type { ReceivedOrdersExportBody } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useHasPermission } from '../../components/permission';
import { useMenuPageLinks } from '../../components/use-menu-page-links';
import { exportsApi } from './exports-api';
import { EXPORT_LABELS } from './labels';

const L = EXPORT_LABELS.button;

/**
 * 导出 of the received orders (`order:export`): the button queues an export with the list's current filters;
 * the notice then says where the file will be, with a link to 导出记录, since the export runs in the background.
 * The page places the two: the button with its tools, the notice above the list. Both are null without the
 * permission.
 */
export function useReceivedOrdersExport(filters: () => ReceivedOrdersExportBody): {
  button: ReactNode;
  notice: ReactNode;
} {
  const allowed = useHasPermission(['order:export']);
  const links = useMenuPageLinks();
  const [queued, setQueued] = useState(false);
  const start = useMutation({
    mutationFn: () => exportsApi.receivedOrders(filters()),
    onSuccess: () => setQueued(true),
  });
  if (!allowed) return { button: null, notice: null };
  const recordsHref = links.href('ExportRecords');

  const button = (
    <Button
      icon={<DownloadOutlined />}
      loading={start.isPending}
      data-testid="received-export"
      onClick={() => start.mutate()}
    >
      {L.export}
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
