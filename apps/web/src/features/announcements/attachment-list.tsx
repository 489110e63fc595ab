import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { AnnouncementAttachment } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, List, Popconfirm } from 'antd';
import { saveBlob } from '../../lib/save-blob';
import { downloadAttachment } from './announcements-api';
import { ANNOUNCEMENT_LABELS } from './labels';

const L = ANNOUNCEMENT_LABELS.detail;

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)}MB`
    : `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

/** A notice's files: each downloads through the signed-in client; `onRemove` adds 删除 (drafts). */
export function AttachmentList({
  attachments,
  onRemove,
}: {
  attachments: readonly AnnouncementAttachment[];
  onRemove?(attachment: AnnouncementAttachment): Promise<unknown>;
}) {
  const download = useMutation({
    mutationFn: (attachment: AnnouncementAttachment) => downloadAttachment(attachment.id),
    onSuccess: (blob, attachment) => saveBlob(blob, attachment.fileName),
  });
  if (attachments.length === 0) return <span>{L.noAttachments}</span>;
  return (
    <List
      size="small"
      dataSource={[...attachments]}
      data-testid="notice-attachments"
      renderItem={(attachment) => (
        <List.Item
          actions={
            onRemove
              ? [
                  <Popconfirm
                    key="remove"
                    title={L.confirmRemoveAttachment(attachment.fileName)}
                    onConfirm={() => onRemove(attachment)}
                  >
                    <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                      {L.removeAttachment}
                    </Button>
                  </Popconfirm>,
                ]
              : []
          }
        >
          <Button
            type="link"
            icon={<PaperClipOutlined />}
            loading={download.isPending && download.variables?.id === attachment.id}
            onClick={() => download.mutate(attachment)}
          >
            {attachment.fileName}
          </Button>
          <span>{sizeText(attachment.size)}</span>
        </List.Item>
      )}
    />
  );
}
