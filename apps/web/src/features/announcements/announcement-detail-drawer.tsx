import { UploadOutlined } from '@ant-design/icons';
import {
  ANNOUNCEMENT_ATTACHMENT_EXTENSIONS,
  ANNOUNCEMENT_PERMISSIONS as P,
  announcementEndpoints,
  type AnnouncementDetail,
} from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Segmented,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useHasPermission } from '../../components/permission';
import { formatDate } from '../../lib/format/date';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { announcementKeys } from './announcement-keys';
import { STATUS_COLOR } from './announcement-status';
import { uploadAttachment } from './announcements-api';
import { AttachmentList } from './attachment-list';
import { ANNOUNCEMENT_LABELS } from './labels';
import styles from './announcements.module.css';
import { NoticeContent } from './notice-content';

const L = ANNOUNCEMENT_LABELS.detail;
type ReadFilter = 'all' | 'read' | 'unread';

/** A notice over the list: content, addressees, attachments (uploaded to a draft) and who has read it. */
export function AnnouncementDetailDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const detail = useQuery({
    queryKey: announcementKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(announcementEndpoints.detail, { id: id! }, { signal }),
    enabled: id !== null,
  });
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={detail.data?.title ?? L.title}
      size="large"
      destroyOnHidden
      data-testid="announcement-detail"
    >
      {detail.data ? (
        <DetailBody notice={detail.data} />
      ) : detail.isError ? (
        <Alert type="error" title={L.loadFailed} />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}

function DetailBody({ notice }: { notice: AnnouncementDetail }) {
  const queryClient = useQueryClient();
  const canEdit = useHasPermission([P.edit]);
  const draft = notice.status === 'draft';
  const refresh = () => void queryClient.invalidateQueries({ queryKey: announcementKeys.all });
  const upload = useMutation({
    mutationFn: (file: File) => uploadAttachment(notice.id, file),
    onSuccess: () => {
      notify.success(L.uploaded);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (attachmentId: number) => call(announcementEndpoints.removeAttachment, { id: attachmentId }),
    onSuccess: () => {
      notify.success(L.attachmentRemoved);
      refresh();
    },
  });
  const names = (list: readonly { name: string }[]) =>
    list.length ? list.map((x) => x.name).join('、') : L.none;

  return (
    <>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={ANNOUNCEMENT_LABELS.columns.status}>
          <Tag color={STATUS_COLOR[notice.status]} data-testid="announcement-detail-status">
            {ANNOUNCEMENT_LABELS.statusText[notice.status]}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={ANNOUNCEMENT_LABELS.columns.publishAt}>
          {formatDate(notice.publishedAt ?? notice.publishAt) || L.none}
        </Descriptions.Item>
        <Descriptions.Item label={L.groups}>{names(notice.targets.groups)}</Descriptions.Item>
        <Descriptions.Item label={L.stores}>{names(notice.targets.stores)}</Descriptions.Item>
        <Descriptions.Item label={L.roles}>{names(notice.targets.roles)}</Descriptions.Item>
        <Descriptions.Item label={L.attachments}>
          <Space orientation="vertical" size={4}>
            <AttachmentList
              attachments={notice.attachments}
              onRemove={draft && canEdit ? (a) => remove.mutateAsync(a.id) : undefined}
            />
            {draft && canEdit ? (
              <>
                <Upload
                  accept={ANNOUNCEMENT_ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',')}
                  showUploadList={false}
                  customRequest={({ file }) => upload.mutate(file as File)}
                >
                  <Button
                    icon={<UploadOutlined />}
                    loading={upload.isPending}
                    data-testid="announcement-upload"
                  >
                    {L.upload}
                  </Button>
                </Upload>
                <Typography.Text type="secondary">{L.uploadHint}</Typography.Text>
              </>
            ) : null}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <h4>{L.content}</h4>
      <NoticeContent html={notice.content} testId="announcement-detail-content" />
      <h4>{L.receipts}</h4>
      {notice.status === 'published' || notice.status === 'withdrawn' ? (
        <ReceiptTable id={notice.id} />
      ) : (
        <span>{L.notPublished}</span>
      )}
    </>
  );
}

function ReceiptTable({ id }: { id: number }) {
  const [read, setRead] = useState<ReadFilter>('all');
  const [pageNum, setPageNum] = useState(1);
  const receipts = useQuery({
    queryKey: announcementKeys.receipts(id, read, pageNum),
    queryFn: ({ signal }) =>
      call(
        announcementEndpoints.receipts,
        { id, read: read === 'all' ? null : read, pageNum, pageSize: 20 },
        { signal },
      ),
  });
  return (
    <>
      <Segmented<ReadFilter>
        value={read}
        onChange={(value) => {
          setRead(value);
          setPageNum(1);
        }}
        options={[
          { value: 'all', label: L.filterAll },
          { value: 'read', label: L.filterRead },
          { value: 'unread', label: L.filterUnread },
        ]}
        data-testid="announcement-receipts-filter"
      />
      {receipts.data ? (
        <div className={styles.counts} data-testid="announcement-receipt-counts">
          {L.receiptCounts(receipts.data.readCount, receipts.data.unreadCount)}
        </div>
      ) : null}
      <Table
        size="small"
        rowKey="userId"
        loading={receipts.isFetching}
        dataSource={receipts.data?.list ?? []}
        scroll={{ x: 560 }}
        data-testid="announcement-receipts"
        pagination={{
          current: pageNum,
          pageSize: 20,
          total: receipts.data?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
        }}
        columns={[
          { key: 'nickName', title: L.person, dataIndex: 'nickName', width: 110 },
          { key: 'workCode', title: L.workCode, dataIndex: 'workCode', width: 110 },
          { key: 'store', title: L.store, dataIndex: 'storeName', width: 140 },
          {
            key: 'read',
            title: L.readState,
            width: 80,
            render: (_, row) => (
              <Tag color={row.read ? 'green' : 'default'} data-testid="receipt-state">
                {row.read ? L.read : L.unread}
              </Tag>
            ),
          },
          { key: 'readAt', title: L.readAt, width: 160, render: (_, row) => formatDate(row.readAt) },
        ]}
      />
    </>
  );
}
