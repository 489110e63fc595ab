import {
  JOB_RUN_STATUS_TEXT,
  JOB_SCOPE_TEXT,
  JOB_TRIGGER_TEXT,
  SYSTEM_TOOL_PERMISSIONS as P,
  systemToolEndpoints,
  type JobRow,
  type JobRunRow,
} from '@console/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Form, Input, List, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { column, type ListColumn } from '../../components/list/columns';
import { ListPage } from '../../components/list/list-page';
import { urlField } from '../../components/list/list-query';
import { useListQuery } from '../../components/list/use-list-query';
import { formatDate } from '../../lib/format/date';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useRefresh } from '../../lib/use-refresh';
import { SYSTEM_TOOL_LABELS } from './labels';
import { systemToolKeys } from './system-tool-keys';

const L = SYSTEM_TOOL_LABELS.timing;
const T = L.columns;
const RUN_COLOR = { running: 'blue', ok: 'green', failed: 'red' } as const;

const runText = (run: JobRunRow | null) =>
  run ? (
    <>
      <Tag color={RUN_COLOR[run.status]}>{JOB_RUN_STATUS_TEXT[run.status]}</Tag>
      {formatDate(run.startedAt)}
    </>
  ) : (
    L.never
  );

const COLUMNS: ListColumn<JobRow>[] = [
  column.text('name', T.name, { width: 220 }),
  column.remark('description', T.description, { width: 220 }),
  column.text('schedule', T.schedule, { width: 130 }),
  { key: 'scope', title: T.scope, width: 100, render: (_, row) => JOB_SCOPE_TEXT[row.scope] },
  column.status(
    'enabled',
    T.enabled,
    L.enabledText,
    { true: 'green', false: 'default' },
    { testId: 'job-enabled' },
  ),
  { key: 'lastRun', title: T.lastRun, width: 220, render: (_, row) => runText(row.lastRun) },
  column.time('nextRunAt', T.nextRun),
];

export const timingUrlShape = {
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};

/** 定时任务: the runner's jobs with pause, resume, run once, cron edit with its next five runs, and the run log. */
export function TimingPage() {
  const jobs = useQuery({
    queryKey: systemToolKeys.jobs,
    queryFn: ({ signal }) => call(systemToolEndpoints.jobs, {}, { signal }),
  });
  const refresh = useRefresh(systemToolKeys.jobs);
  const [editing, setEditing] = useState<JobRow | null>(null);
  const [runsOf, setRunsOf] = useState<string | null>(null);
  const setEnabled = useMutation({
    mutationFn: (input: { name: string; enabled: boolean }) => call(systemToolEndpoints.setJobEnabled, input),
    onSuccess: (row) => {
      notify.success(row.enabled ? L.resumed : L.paused);
      refresh();
    },
  });
  const runOnce = useMutation({
    mutationFn: (row: JobRow) => call(systemToolEndpoints.runJob, { name: row.name }),
    onSuccess: (run) => {
      if (run.status === 'failed') notify.error(L.ran(false));
      else notify.success(L.ran(true));
      refresh();
      setRunsOf(run.jobName);
    },
  });
  // The runner's jobs are few and answered whole; the page cuts them into the kit's pages.
  const listQuery = useListQuery(timingUrlShape);
  const { pageNum, pageSize } = listQuery.query;
  const all = jobs.data ?? [];
  const rows = all.slice((pageNum - 1) * pageSize, pageNum * pageSize);
  return (
    <>
      <ListPage
        title={L.title}
        name="timing"
        list={{
          rows,
          total: jobs.data ? all.length : null,
          totalExact: true,
          isLoading: jobs.isLoading,
          isFetching: jobs.isFetching,
          isError: jobs.isError,
          error: jobs.error,
          refetch: jobs.refetch,
          paging: listQuery,
        }}
        columns={COLUMNS}
        rowKey="name"
        empty={{ description: L.empty }}
        rowActions={[
          {
            key: 'pause',
            label: L.pause,
            danger: true,
            permission: [P.timingEdit],
            allowed: (row) => row.enabled,
            confirm: (row) => ({ content: L.confirmPause(row.name) }),
            onClick: (row) => setEnabled.mutateAsync({ name: row.name, enabled: false }),
          },
          {
            key: 'resume',
            label: L.resume,
            permission: [P.timingEdit],
            allowed: (row) => !row.enabled,
            onClick: (row) => setEnabled.mutateAsync({ name: row.name, enabled: true }),
          },
          {
            key: 'run',
            label: L.runOnce,
            permission: [P.timingRun],
            onClick: (row) => runOnce.mutateAsync(row),
          },
          { key: 'cron', label: L.editCron, permission: [P.timingEdit], onClick: (row) => setEditing(row) },
          { key: 'runs', label: L.runs, onClick: (row) => setRunsOf(row.name) },
        ]}
      />
      {editing && (
        <CronDialog
          job={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      <JobRunsDrawer name={runsOf} onClose={() => setRunsOf(null)} />
    </>
  );
}

function CronDialog({ job, onClose, onSaved }: { job: JobRow; onClose(): void; onSaved(): void }) {
  const D = L.cronDialog;
  const [cron, setCron] = useState(job.cron ?? '');
  const typed = cron.trim();
  const preview = useQuery({
    queryKey: systemToolKeys.cronPreview(typed),
    queryFn: ({ signal }) =>
      call(systemToolEndpoints.cronPreview, { cron: typed }, { signal, flags: { silent: true } }),
    enabled: typed.length > 0,
    retry: false,
  });
  const save = useMutation({
    mutationFn: () => call(systemToolEndpoints.setJobCron, { name: job.name, cron: typed || null }),
    onSuccess: () => {
      notify.success(L.saved);
      onSaved();
    },
  });
  const previewError = preview.error instanceof Error ? preview.error.message : null;
  return (
    <Modal
      open
      title={`${D.title} · ${job.name}`}
      okText={D.save}
      cancelText={D.cancel}
      onCancel={onClose}
      onOk={() => save.mutate()}
      okButtonProps={{ disabled: typed.length > 0 && !preview.data, loading: save.isPending }}
      data-testid="job-cron-dialog"
    >
      <Form layout="vertical">
        <Form.Item label={D.defaultSchedule}>
          <Typography.Text>{job.defaultSchedule}</Typography.Text>
        </Form.Item>
        <Form.Item
          label={D.cron}
          extra={D.cronHelp}
          validateStatus={previewError ? 'error' : undefined}
          help={previewError ?? undefined}
        >
          <Input
            value={cron}
            onChange={(e) => setCron(e.target.value)}
            maxLength={64}
            data-testid="job-cron-input"
          />
        </Form.Item>
        <Form.Item label={D.preview}>
          {preview.data ? (
            <List
              size="small"
              dataSource={preview.data.next}
              renderItem={(at) => <List.Item data-testid="job-cron-preview-item">{formatDate(at)}</List.Item>}
            />
          ) : (
            <Typography.Text type="secondary">{D.previewEmpty}</Typography.Text>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}

function JobRunsDrawer({ name, onClose }: { name: string | null; onClose(): void }) {
  const R = L.runsDrawer;
  const runs = useQuery({
    queryKey: systemToolKeys.jobRuns(name ?? ''),
    queryFn: ({ signal }) => call(systemToolEndpoints.jobRuns, { name: name!, pageSize: 50 }, { signal }),
    enabled: name !== null,
  });
  return (
    <Drawer
      open={name !== null}
      onClose={onClose}
      title={R.title(name ?? '')}
      size="large"
      destroyOnHidden
      data-testid="job-runs"
    >
      {runs.isError ? (
        <Alert type="error" title={SYSTEM_TOOL_LABELS.operation.detail.loadFailed} />
      ) : (
        <Table<JobRunRow>
          rowKey="id"
          size="small"
          loading={runs.isLoading}
          dataSource={runs.data?.list ?? []}
          pagination={false}
          scroll={{ x: 640 }}
          columns={[
            {
              key: 'startedAt',
              title: R.startedAt,
              width: 170,
              render: (_, run) => formatDate(run.startedAt),
            },
            {
              key: 'trigger',
              title: R.trigger,
              width: 70,
              render: (_, run) => JOB_TRIGGER_TEXT[run.trigger],
            },
            {
              key: 'status',
              title: R.status,
              width: 80,
              render: (_, run) => (
                <Tag color={RUN_COLOR[run.status]} data-testid="job-run-status">
                  {JOB_RUN_STATUS_TEXT[run.status]}
                </Tag>
              ),
            },
            {
              key: 'duration',
              title: R.duration,
              width: 90,
              render: (_, run) => (run.durationMs === null ? '-' : `${run.durationMs} ms`),
            },
            { key: 'error', title: R.error, render: (_, run) => run.error ?? '-' },
            { key: 'instance', title: R.instance, width: 160, render: (_, run) => run.instanceId },
          ]}
        />
      )}
    </Drawer>
  );
}
