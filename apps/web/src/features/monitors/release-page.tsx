import {
  MONITOR_PERMISSIONS as P,
  RELEASE_NOTES_MAX,
  monitorEndpoints,
  publishReleaseSchema,
  type ReleaseInstance,
  type ReleaseRow,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { TextAreaField, TextField } from '../../components/form-dialog/form-fields';
import { useHasPermission } from '../../components/permission';
import { formatDate } from '../../lib/format/date';
import { call } from '../../lib/http';
import { useRefresh } from '../../lib/use-refresh';
import { MONITOR_LABELS } from './labels';
import { monitorKeys } from './monitor-keys';
import { QueryState, RefreshButton } from './query-state';

const L = MONITOR_LABELS.release;
const T = L.columns;
const F = L.fields;

type Values = { version: string; commit: string; builtAt: Dayjs | null; notes?: string };

function PublishDialog({ open, onClose, onDone }: { open: boolean; onClose(): void; onDone(): void }) {
  return (
    <FormDialog<Values>
      open={open}
      title={L.publishTitle}
      onClose={onClose}
      onDone={onDone}
      testId="release-publish-dialog"
      doneText={L.published}
      schema={publishReleaseSchema}
      initialValues={{ builtAt: dayjs() }}
      toInput={(values) => ({
        version: values.version,
        commit: values.commit,
        builtAt: values.builtAt ? values.builtAt.toISOString() : '',
        notes: values.notes ?? '',
      })}
      submit={(values) =>
        call(monitorEndpoints.publishRelease, {
          version: values.version,
          commit: values.commit,
          builtAt: values.builtAt ? values.builtAt.toISOString() : '',
          notes: values.notes ?? '',
        })
      }
    >
      <Alert type="info" showIcon title={L.publishHint} style={{ marginBottom: 16 }} />
      <TextField
        name="version"
        label={F.version}
        testId="release-version"
        max={32}
        placeholder={F.versionPlaceholder}
        required={F.versionRequired}
      />
      <TextField
        name="commit"
        label={F.commit}
        testId="release-commit"
        max={40}
        placeholder={F.commitPlaceholder}
        required={F.commitRequired}
        code="text"
      />
      <Form.Item name="builtAt" label={F.builtAt} rules={[{ required: true, message: F.builtAtRequired }]}>
        <DatePicker showTime style={{ width: '100%' }} data-testid="release-built-at" />
      </Form.Item>
      <TextAreaField name="notes" label={F.notes} testId="release-notes" max={RELEASE_NOTES_MAX} />
    </FormDialog>
  );
}

/** 版本发布: the version each running instance serves, the release records, and 发布版本 (a record, no command). */
export function ReleasePage() {
  const query = useQuery({
    queryKey: monitorKeys.releases,
    queryFn: ({ signal }) => call(monitorEndpoints.releases, {}, { signal }),
  });
  const refresh = useRefresh(monitorKeys.releases);
  const canPublish = useHasPermission([P.releasePublish]);
  const [publishing, setPublishing] = useState(false);
  return (
    <div data-testid="release-page">
      <Card
        title={L.title}
        extra={
          <Space>
            <RefreshButton query={query} testId="release-refresh" />
            {canPublish ? (
              <Button type="primary" onClick={() => setPublishing(true)} data-testid="release-publish">
                {L.publish}
              </Button>
            ) : null}
          </Space>
        }
      >
        <QueryState query={query}>
          {(data) => (
            <>
              <Typography.Title level={5}>{L.instances}</Typography.Title>
              <Typography.Paragraph type="secondary">{L.instancesHint}</Typography.Paragraph>
              <Table<ReleaseInstance>
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={data.instances}
                scroll={{ x: 560 }}
                data-testid="release-instances"
                columns={[
                  {
                    key: 'host',
                    title: T.host,
                    render: (_, row) => (
                      <Space size={4}>
                        {row.host}
                        {row.current ? <Tag color="blue">{MONITOR_LABELS.server.current}</Tag> : null}
                      </Space>
                    ),
                  },
                  { key: 'version', title: T.version, dataIndex: 'version' },
                  {
                    key: 'commit',
                    title: T.commit,
                    dataIndex: 'commit',
                    render: (commit: string) => (commit ? commit.slice(0, 12) : '-'),
                  },
                  {
                    key: 'beat',
                    title: T.heartbeatAt,
                    dataIndex: 'heartbeatAt',
                    render: (v: string) => formatDate(v),
                  },
                  {
                    key: 'state',
                    title: T.state,
                    render: (_, row) => (
                      <Tag color={row.stale ? 'red' : 'green'}>
                        {row.stale ? MONITOR_LABELS.server.stale : MONITOR_LABELS.server.live}
                      </Tag>
                    ),
                  },
                ]}
              />
              <Typography.Title level={5} style={{ marginTop: 24 }}>
                {L.records}
              </Typography.Title>
              <Table<ReleaseRow>
                size="small"
                rowKey="id"
                pagination={{ pageSize: 10, showSizeChanger: false }}
                dataSource={data.list}
                scroll={{ x: 820 }}
                locale={{ emptyText: L.empty }}
                data-testid="release-records"
                columns={[
                  {
                    key: 'version',
                    title: T.version,
                    render: (_, row, index) => (
                      <Space size={4}>
                        {row.version}
                        {index === 0 ? <Tag color="green">{L.latest}</Tag> : null}
                      </Space>
                    ),
                  },
                  {
                    key: 'commit',
                    title: T.commit,
                    dataIndex: 'commit',
                    render: (c: string) => c.slice(0, 12),
                  },
                  {
                    key: 'builtAt',
                    title: T.builtAt,
                    dataIndex: 'builtAt',
                    render: (v: string) => formatDate(v),
                  },
                  {
                    key: 'notes',
                    title: T.notes,
                    dataIndex: 'notes',
                    ellipsis: true,
                    render: (notes: string) => notes || '-',
                  },
                  { key: 'by', title: T.publishedBy, dataIndex: 'publishedBy' },
                  {
                    key: 'at',
                    title: T.publishedAt,
                    dataIndex: 'publishedAt',
                    render: (v: string) => formatDate(v),
                  },
                ]}
              />
            </>
          )}
        </QueryState>
      </Card>
      <PublishDialog open={publishing} onClose={() => setPublishing(false)} onDone={refresh} />
    </div>
  );
}
