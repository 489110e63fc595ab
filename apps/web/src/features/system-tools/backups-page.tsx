import {
  BACKUP_PERMISSIONS as P,
  BACKUP_STATUS_TEXT,
  BACKUP_TRIGGER_TEXT,
  RESTORE_STATUS_TEXT,
  backupEndpoints,
  type BackupRow,
} from '@console/contract';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { column, type ListColumn } from '../../components/list/columns';
import { ListPage } from '../../components/list/list-page';
import { urlField } from '../../components/list/list-query';
import { useHeadOfficeList } from '../../components/list/use-head-office-list';
import { Permission } from '../../components/permission';
import { call, http } from '../../lib/http';
import { notify } from '../../lib/notify';
import { saveBlob } from '../../lib/save-blob';
import { useRefresh } from '../../lib/use-refresh';
import { LiveRestoreDialog } from './backup-restore-live-dialog';
import { SYSTEM_TOOL_LABELS } from './labels';
import { systemToolKeys } from './system-tool-keys';
import { TypedNameModal } from './typed-name-modal';

const L = SYSTEM_TOOL_LABELS.backups;
const T = L.columns;
const STATUS_COLOR = { running: 'blue', ok: 'green', failed: 'red' };
const RESTORE_COLOR = {
  running: 'blue',
  ok: 'green',
  mismatch: 'orange',
  failed: 'red',
  restored: 'green',
  restore_failed: 'red',
} as const;
/** How often the page asks again while a backup or a restore check is going. */
const POLL_MS = 2_000;

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '-';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function RestoreCell({ row }: { row: BackupRow }) {
  if (!row.restoreStatus) return <>-</>;
  const report = row.restoreReport;
  const detail =
    row.restoreStatus === 'failed' || row.restoreStatus === 'restore_failed'
      ? row.restoreError
      : report && report.mismatched.length > 0
        ? report.mismatched.map((m) => `${m.table}: ${m.expected} → ${m.restored}`).join('\n')
        : null;
  const summary =
    report && row.restoreStatus === 'ok'
      ? L.restoreText.ok(report.matched)
      : report && row.restoreStatus === 'mismatch'
        ? L.restoreText.mismatch(report.mismatched.length)
        : null;
  return (
    <Tooltip title={detail ? <span style={{ whiteSpace: 'pre-line' }}>{detail}</span> : undefined}>
      <span data-testid="backup-restore-status">
        <Tag color={RESTORE_COLOR[row.restoreStatus]}>{RESTORE_STATUS_TEXT[row.restoreStatus]}</Tag>
        {summary}
      </span>
    </Tooltip>
  );
}

const durationText = (ms: number | null) => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} 秒`);

const COLUMNS: ListColumn<BackupRow>[] = [
  { ...column.text('name', T.name, { width: 210 }), isKey: true },
  column.status('status', T.status, BACKUP_STATUS_TEXT, STATUS_COLOR, { testId: 'backup-status', width: 76 }),
  {
    key: 'size',
    title: T.sizeDuration,
    width: 130,
    render: (_, row) => `${formatBytes(row.sizeBytes)} · ${durationText(row.durationMs)}`,
  },
  {
    key: 'sha256',
    title: T.sha256,
    width: 130,
    render: (_, row) =>
      row.sha256 ? (
        <Typography.Text copyable={{ text: row.sha256 }} title={row.sha256}>
          {row.sha256.slice(0, 10)}…
        </Typography.Text>
      ) : row.error ? (
        <Typography.Text type="danger" title={row.error}>
          {row.error.slice(0, 24)}
        </Typography.Text>
      ) : (
        '-'
      ),
  },
  column.text('createdBy', T.createdBy, { width: 90, hiddenByDefault: true }),
  column.time('startedAt', T.startedAt),
  {
    key: 'trigger',
    title: T.trigger,
    width: 70,
    hiddenByDefault: true,
    render: (_, row) => BACKUP_TRIGGER_TEXT[row.trigger],
  },
  { key: 'restore', title: T.restore, width: 150, render: (_, row) => <RestoreCell row={row} /> },
];

export const backupsUrlShape = {
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};

const downloadBackup = (name: string) =>
  http.get<Blob>(backupEndpoints.download.path, {
    params: { name },
    responseType: 'blob',
    timeout: 600_000,
  });

/**
 * 数据备份: 立即备份 (in the background; the list polls while one runs), 下载, 恢复检查 (restore into a
 * scratch database, typed confirmation) and 恢复数据 (over the live database, under maintenance) — download and
 * restore are the administrator's only.
 */
export function BackupsPage() {
  const { list } = useHeadOfficeList(backupsUrlShape, {
    key: systemToolKeys.backups,
    endpoint: backupEndpoints.list,
  });
  const refresh = useRefresh(systemToolKeys.backups);
  const [restoring, setRestoring] = useState<BackupRow | null>(null);
  const [restoringLive, setRestoringLive] = useState<BackupRow | null>(null);
  const busy = list.rows.some((row) => row.status === 'running' || row.restoreStatus === 'running');
  useEffect(() => {
    if (!busy) return undefined;
    const timer = setInterval(refresh, POLL_MS);
    return () => clearInterval(timer);
  }, [busy, refresh]);

  const create = useMutation({
    mutationFn: () => call(backupEndpoints.create, {}),
    onSuccess: () => {
      notify.success(L.started);
      refresh();
    },
  });
  const download = useMutation({
    mutationFn: (row: BackupRow) => downloadBackup(row.name),
    onSuccess: (blob, row) => saveBlob(blob, row.name),
  });

  return (
    <>
      <ListPage
        title={L.title}
        name="backups"
        list={list}
        columns={COLUMNS}
        rowKey="id"
        empty={{ description: L.empty }}
        toolbar={
          <Permission value={[P.create]}>
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              loading={create.isPending}
              onClick={() => create.mutate()}
              data-testid="backups-create"
            >
              {L.create}
            </Button>
          </Permission>
        }
        rowActions={[
          {
            key: 'download',
            label: L.download,
            permission: [P.download],
            allowed: (row) => row.status === 'ok',
            onClick: (row) => download.mutateAsync(row),
          },
          {
            key: 'restore',
            label: L.restore,
            permission: [P.restore],
            allowed: (row) => row.status === 'ok' && row.restoreStatus !== 'running',
            onClick: (row) => setRestoring(row),
          },
          {
            key: 'restore-live',
            label: L.restoreLive,
            permission: [P.restore],
            danger: true,
            allowed: (row) => row.status === 'ok' && row.restoreStatus !== 'running',
            onClick: (row) => setRestoringLive(row),
          },
        ]}
      />
      {restoringLive && (
        <LiveRestoreDialog
          backup={restoringLive}
          onClose={() => setRestoringLive(null)}
          onFinished={refresh}
        />
      )}
      {restoring && (
        <RestoreDialog
          backup={restoring}
          onClose={() => setRestoring(null)}
          onStarted={() => {
            setRestoring(null);
            refresh();
          }}
        />
      )}
    </>
  );
}

function RestoreDialog({
  backup,
  onClose,
  onStarted,
}: {
  backup: BackupRow;
  onClose(): void;
  onStarted(): void;
}) {
  const D = L.restoreDialog;
  const restore = useMutation({
    mutationFn: (typedName: string) =>
      call(
        backupEndpoints.restore,
        { name: backup.name, confirmName: typedName },
        { flags: { silent: true } },
      ),
    onSuccess: () => {
      notify.success(D.started);
      onStarted();
    },
  });
  const refusal = restore.error instanceof Error ? restore.error.message : null;
  return (
    <TypedNameModal
      name={backup.name}
      labels={D}
      pending={restore.isPending}
      onOk={(typedName) => restore.mutate(typedName)}
      onCancel={onClose}
      testId="backup-restore"
      notices={
        <>
          <Alert type="info" showIcon title={D.explain} style={{ marginBottom: 16 }} />
          {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
        </>
      }
    />
  );
}
