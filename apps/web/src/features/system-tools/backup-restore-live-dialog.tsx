import { backupEndpoints, maintenanceEndpoints, type BackupRow } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formatDate } from '../../lib/format/date';
import { call } from '../../lib/http';
import { markOwnRestore } from '../../lib/maintenance';
import { SYSTEM_TOOL_LABELS } from './labels';
import { TypedNameModal } from './typed-name-modal';

const D = SYSTEM_TOOL_LABELS.backups.liveDialog;
/** How often the restoring administrator's dialog asks whether the restore is over. */
export const LIVE_RESTORE_POLL_MS = 2_000;

type Phase =
  { step: 'confirm' } | { step: 'running'; since: number } | { step: 'done'; row: BackupRow | null };

/**
 * 恢复数据: restoring a backup over the live database (docs/domain/system-tools.md "数据备份"). The typed name
 * and the acknowledged loss unlock the button; then the dialog stays open on the progress (this tab is not sent
 * to /repair: `markOwnRestore`) until maintenance ends, and shows the row's result.
 */
export function LiveRestoreDialog({
  backup,
  onClose,
  onFinished,
}: {
  backup: BackupRow;
  onClose(): void;
  onFinished(): void;
}) {
  const [acknowledged, setAcknowledged] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: 'confirm' });
  const [now, setNow] = useState(() => Date.now());
  const start = useMutation({
    mutationFn: (typedName: string) =>
      call(
        backupEndpoints.restoreLive,
        { name: backup.name, confirmName: typedName, acceptDataLoss: true },
        { flags: { silent: true } },
      ),
    onMutate: () => markOwnRestore(true),
    onSuccess: () => setPhase({ step: 'running', since: Date.now() }),
    onError: () => markOwnRestore(false),
  });

  useEffect(() => {
    if (phase.step !== 'running') return undefined;
    let stopped = false;
    const tick = async () => {
      setNow(Date.now());
      const status = await call(maintenanceEndpoints.status, {}, { flags: { silent: true } }).catch(
        () => null,
      );
      if (stopped || !status || status.active) return;
      stopped = true;
      markOwnRestore(false);
      const page = await call(
        backupEndpoints.list,
        { pageNum: 1, pageSize: 100 },
        { flags: { silent: true } },
      )
        .then((result) => result.list.find((row) => row.name === backup.name) ?? null)
        .catch(() => null);
      setPhase({ step: 'done', row: page });
      onFinished();
    };
    const timer = setInterval(() => void tick(), LIVE_RESTORE_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [phase.step, backup.name, onFinished]);
  useEffect(() => () => markOwnRestore(false), []);

  const refusal = start.error instanceof Error ? start.error.message : null;
  if (phase.step !== 'confirm')
    return (
      <Modal
        open
        title={`${D.title} · ${backup.name}`}
        closable={phase.step === 'done'}
        mask={{ closable: false }}
        onCancel={onClose}
        footer={
          phase.step === 'done' ? (
            <Button type="primary" onClick={onClose} data-testid="backup-live-close">
              {D.close}
            </Button>
          ) : null
        }
        data-testid="backup-live-dialog"
      >
        {phase.step === 'running' ? (
          <div data-testid="backup-live-running" style={{ textAlign: 'center', padding: '24px 0' }}>
            <Spin size="large" />
            <Typography.Paragraph style={{ marginTop: 16 }}>{D.running(backup.name)}</Typography.Paragraph>
            <Typography.Text type="secondary">
              {D.elapsed(Math.max(0, Math.round((now - phase.since) / 1000)))}
            </Typography.Text>
          </div>
        ) : phase.row?.restoreStatus === 'restored' ? (
          <Alert type="success" showIcon title={D.restored} data-testid="backup-live-result" />
        ) : (
          <Alert
            type="error"
            showIcon
            title={D.failed}
            description={phase.row?.restoreError ?? undefined}
            data-testid="backup-live-result"
          />
        )}
      </Modal>
    );

  return (
    <TypedNameModal
      name={backup.name}
      labels={D}
      ready={acknowledged}
      pending={start.isPending}
      onOk={(typedName) => start.mutate(typedName)}
      onCancel={onClose}
      testId="backup-live"
      notices={
        <>
          <Alert
            type="error"
            showIcon
            title={D.warning(formatDate(backup.startedAt))}
            description={D.maintenance}
            style={{ marginBottom: 16 }}
          />
          {refusal && (
            <Alert
              type="warning"
              showIcon
              title={refusal}
              style={{ marginBottom: 16 }}
              data-testid="backup-live-refusal"
            />
          )}
        </>
      }
    >
      <Checkbox
        checked={acknowledged}
        onChange={(e) => setAcknowledged(e.target.checked)}
        data-testid="backup-live-ack"
      >
        {D.acknowledge}
      </Checkbox>
    </TypedNameModal>
  );
}
