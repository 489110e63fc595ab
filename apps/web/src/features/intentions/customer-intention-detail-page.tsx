import { ReloadOutlined } from '@ant-design/icons';
import type { IntentionDetail } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Result, Spin, Tag, Timeline } from 'antd';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../lib/http';
import { formatTime } from '../../lib/format/display';
import { useStoreCode } from '../../stores/use-store-code';
import { FollowForm } from './follow-form';
import { intentionKeys, intentionsApi } from './intentions-api';
import styles from './intentions.module.css';
import { INTENTION_STATUS_COLOR } from './intention-status';
import { INTENTION_LABELS } from './labels';
import { useRefreshOnOrderMessages } from '../../lib/events/use-refresh-on-order-messages';

const L = INTENTION_LABELS.detail;
const F = INTENTION_LABELS.fields;
const COLUMNS = { xs: 1, sm: 2, lg: 3 } as const;

function InfoSection({ intention }: { intention: IntentionDetail }) {
  return (
    <Card title={L.infoTitle} size="small">
      <Descriptions
        size="small"
        column={COLUMNS}
        items={[
          { label: F.omsConsultantsNo, children: intention.omsConsultantsNo },
          {
            label: F.status,
            children: (
              <Tag color={INTENTION_STATUS_COLOR[intention.status]} data-testid="intention-status">
                {intention.statusText}
              </Tag>
            ),
          },
          { label: F.createdAt, children: formatTime(intention.createdAt) },
          { label: F.customer, children: intention.customerName },
          { label: F.phone, children: intention.customerPhone },
          {
            label: F.member,
            children: intention.memberNo
              ? `${intention.memberName ?? ''} ${intention.memberNo}`.trim()
              : INTENTION_LABELS.common.none,
          },
          {
            label: F.interest,
            span: 'filled',
            children: <span className={styles.interest}>{intention.interest}</span>,
          },
        ]}
      />
    </Card>
  );
}

function FollowUpTimeline({ intention }: { intention: IntentionDetail }) {
  if (intention.followUps.length === 0) return <Empty description={L.noFollowUps} />;
  return (
    <Timeline
      className={styles.timeline}
      data-testid="follow-timeline"
      items={intention.followUps.map((followUp, index) => ({
        key: index,
        content: (
          <div data-testid="follow-row">
            <div className={styles.interest}>{followUp.note || '-'}</div>
            <div className={styles.meta}>
              {formatTime(followUp.at)} · {followUp.userName}
            </div>
          </div>
        ),
      }))}
    />
  );
}

/** 客户意向详情 (CustomerIntentionDetail?omsConsultantsNo=…): the intention, its follow-ups and the 跟进 form. */
export function CustomerIntentionDetailPage() {
  const [params] = useSearchParams();
  const no = params.get('omsConsultantsNo')?.trim() ?? '';
  const storeCode = useStoreCode();
  const queryClient = useQueryClient();
  useRefreshOnOrderMessages(intentionKeys.all);
  const detail = useQuery({
    queryKey: intentionKeys.detail(storeCode, no),
    queryFn: ({ signal }) => intentionsApi.detail(storeCode, no, signal),
    enabled: Boolean(storeCode && no),
    retry: false,
  });

  if (!storeCode) return <Alert type="info" showIcon title={INTENTION_LABELS.common.noStore} />;
  if (!no) return <Result status="warning" title={L.missingNo} />;
  if (detail.isLoading)
    return (
      <Card>
        <Spin description={INTENTION_LABELS.common.loading}>
          <div style={{ minHeight: 160 }} />
        </Spin>
      </Card>
    );
  if (detail.isError || !detail.data)
    return (
      <Result
        status={isApiError(detail.error) && detail.error.status === 404 ? '404' : 'error'}
        title={isApiError(detail.error) ? detail.error.message : INTENTION_LABELS.common.loadFailed}
        extra={<Button onClick={() => void detail.refetch()}>{INTENTION_LABELS.common.retry}</Button>}
      />
    );

  const intention = detail.data;
  const followed = (next: IntentionDetail) => {
    queryClient.setQueryData(intentionKeys.detail(storeCode, no), next);
    void queryClient.invalidateQueries({ queryKey: intentionKeys.all });
  };

  return (
    <div className={styles.page} data-testid="intention-detail-page">
      <Card
        size="small"
        title={`${INTENTION_LABELS.titles.detail} ${intention.omsConsultantsNo}`}
        extra={
          <Button
            icon={<ReloadOutlined />}
            loading={detail.isFetching}
            onClick={() => void detail.refetch()}
            aria-label={INTENTION_LABELS.common.refresh}
          />
        }
      />
      <InfoSection intention={intention} />
      <Card title={L.timelineTitle} size="small">
        <FollowUpTimeline intention={intention} />
      </Card>
      {intention.canFollow ? (
        <Card title={INTENTION_LABELS.follow.title} size="small">
          <FollowForm storeCode={storeCode} intention={intention} onDone={followed} />
        </Card>
      ) : intention.status === 'closed' ? (
        <Alert type="info" showIcon title={L.closedHint} />
      ) : null}
    </div>
  );
}
