import { ReloadOutlined, ToolOutlined } from '@ant-design/icons';
import { maintenanceEndpoints } from '@console/contract';
import { Button, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDate } from '../../lib/format/date';
import { call } from '../../lib/http';
import { returnPathOf } from '../../lib/maintenance';
import { ERROR_LABELS } from './labels';
import { StatusPage, statusIconClass } from './status-page';

const L = ERROR_LABELS.repair;
/** How often the page asks whether maintenance is over. */
export const REPAIR_CHECK_MS = 5_000;

/**
 * /repair: where a console waits while a backup is restored (docs/adr/0005-maintenance-mode.md). It asks the
 * public maintenance status every REPAIR_CHECK_MS and, once maintenance is over, goes back to the page the user
 * was on (`?from=`). Opened directly with no maintenance going on, it stays and says so.
 */
export function RepairPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = params.get('from');
  const sawMaintenance = useRef(false);
  const left = useRef(false);
  const query = useQuery({
    queryKey: ['maintenance-status'],
    queryFn: () => call(maintenanceEndpoints.status, {}, { flags: { silent: true } }),
    refetchInterval: REPAIR_CHECK_MS,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });
  const status = query.data ?? null;
  const offline = query.isError;
  const checkedAt = query.dataUpdatedAt ? new Date(query.dataUpdatedAt) : null;

  useEffect(() => {
    if (!status || left.current) return;
    if (status.active) sawMaintenance.current = true;
    else if (from !== null || sawMaintenance.current) {
      left.current = true;
      navigate(returnPathOf(from), { replace: true });
    }
  }, [status, from, navigate]);
  const check = () => void query.refetch();

  const detail = (
    <div data-testid="repair-detail" style={{ textAlign: 'center' }}>
      <Typography.Paragraph>
        {status?.active && status.startedAt
          ? L.restoring(formatDate(status.startedAt, 'HH:mm:ss'))
          : status && !status.active
            ? L.idle
            : null}
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        {offline ? L.offline : L.autoCheck(REPAIR_CHECK_MS / 1000)}
        {checkedAt && !offline ? ` · ${L.checkedAt(formatDate(checkedAt, 'HH:mm:ss'))}` : null}
      </Typography.Text>
    </div>
  );
  return (
    <StatusPage
      icon={<ToolOutlined className={statusIconClass} />}
      title={L.title}
      description={L.description}
      detail={detail}
      extra={
        <Button icon={<ReloadOutlined />} onClick={check} data-testid="repair-check">
          {L.checkNow}
        </Button>
      }
    />
  );
}
