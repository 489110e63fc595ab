import { announcementEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Result, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../lib/format/date';
import { call } from '../../lib/http';
import { announcementKeys } from './announcement-keys';
import styles from './announcements.module.css';
import { AttachmentList } from './attachment-list';
import { ANNOUNCEMENT_LABELS } from './labels';
import { NoticeContent } from './notice-content';

const L = ANNOUNCEMENT_LABELS.reader;

/**
 * The notice a person received (the message center's 查看公告 opens it): only a published notice addressed to
 * them answers; opening it marks it read.
 */
export function NoticeReaderPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const reading = useQuery({
    queryKey: announcementKeys.reading(id),
    queryFn: ({ signal }) => call(announcementEndpoints.read, { id }, { signal, flags: { silent: true } }),
    enabled: valid,
    retry: false,
  });
  if (!valid) return <Result status="warning" title={L.noId} />;
  if (reading.isError) return <Result status="404" title={L.missing} data-testid="notice-reader-missing" />;
  if (!reading.data) return <Skeleton active />;
  const notice = reading.data;
  return (
    <Card className={styles.reader} data-testid="notice-reader">
      <h2 data-testid="notice-reader-title">{notice.title}</h2>
      <div className={styles.meta}>
        {L.publishedAt}：{formatDate(notice.publishedAt)}
      </div>
      <NoticeContent html={notice.content} testId="notice-reader-content" />
      {notice.attachments.length ? (
        <>
          <h4>{L.attachments}</h4>
          <AttachmentList attachments={notice.attachments} />
        </>
      ) : null}
    </Card>
  );
}
