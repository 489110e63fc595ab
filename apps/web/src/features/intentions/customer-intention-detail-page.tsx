import { intentionEndpoints, type IntentionDetail } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Empty, Timeline } from 'antd';
import { useSearchParams } from 'react-router';
import { DetailPage, useDetailQuery, useListReturn, loadDetail } from '../../components/detail/detail-page';
import detailStyles from '../../components/detail/detail.module.css';
import { InfoSection, infoField } from '../../components/detail/info-section';
import { COMMON_LABELS } from '../../components/labels';
import { useMenuPageLinks } from '../../components/use-menu-page-links';
import { useRefreshOnOrderMessages } from '../../lib/events/use-refresh-on-order-messages';
import { formatTime } from '../../lib/format/display';
import { useHasPermission } from '../../components/permission';
import { useStoreCode } from '../../stores/use-store-code';
import { FollowForm } from './follow-form';
import { intentionKeys } from './intention-keys';
import { INTENTION_STATUS_COLOR } from './intention-status';
import styles from './intentions.module.css';
import { INTENTION_LABELS } from './labels';
import { useRefresh } from '../../lib/use-refresh';

const L = INTENTION_LABELS.detail;
const F = INTENTION_LABELS.fields;
const FOLLOW_PERMISSION = ['customerIntention:follow'] as const;

function IntentionSection({ intention }: { intention: IntentionDetail }) {
  return (
    <InfoSection
      title={L.infoTitle}
      fields={[
        infoField.text(F.omsConsultantsNo, intention.omsConsultantsNo),
        infoField.status(
          F.status,
          intention.statusText,
          INTENTION_STATUS_COLOR[intention.status],
          'intention-status',
        ),
        infoField.time(F.createdAt, intention.createdAt),
        infoField.text(F.customer, intention.customerName),
        infoField.text(F.phone, intention.customerPhone),
        infoField.text(
          F.member,
          intention.memberNo && `${intention.memberName ?? ''} ${intention.memberNo}`.trim(),
        ),
        infoField.text(F.interest, <span className={styles.interest}>{intention.interest}</span>, {
          span: 'filled',
        }),
      ]}
    />
  );
}

function FollowUpTimeline({ intention }: { intention: IntentionDetail }) {
  if (intention.followUps.length === 0) return <Empty description={L.noFollowUps} />;
  return (
    <Timeline
      className={detailStyles.timeline}
      data-testid="follow-timeline"
      items={intention.followUps.map((followUp, index) => ({
        key: index,
        content: (
          <div data-testid="follow-row">
            <div className={styles.interest}>{followUp.note || COMMON_LABELS.none}</div>
            <div className={detailStyles.hint}>
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
  const storeCode = useStoreCode();
  const queryClient = useQueryClient();
  const refresh = useRefresh(intentionKeys.all);
  const links = useMenuPageLinks();
  const backTo = useListReturn(links.href('CustomerIntentions'));
  const mayFollow = useHasPermission(FOLLOW_PERMISSION);
  useRefreshOnOrderMessages(intentionKeys.all);
  const detail = useDetailQuery({
    key: intentionKeys.detail(storeCode),
    recordKey: params.get('omsConsultantsNo')?.trim() || null,
    load: loadDetail(intentionEndpoints.detail, (omsConsultantsNo: string) => ({
      storeCode,
      omsConsultantsNo,
    })),
  });
  const followed = (next: IntentionDetail) => {
    queryClient.setQueryData([...intentionKeys.detail(storeCode), detail.recordKey], next);
    refresh();
  };

  return (
    <DetailPage
      title={INTENTION_LABELS.titles.detail}
      testId="intention-detail-page"
      detail={detail}
      recordNo={(intention) => intention.omsConsultantsNo}
      backTo={backTo}
      missingKey={L.missingNo}
      idle={(intention) => intention.statusText}
      onRefresh={refresh}
    >
      {(intention) => (
        <>
          <IntentionSection intention={intention} />
          <InfoSection title={L.timelineTitle}>
            <FollowUpTimeline intention={intention} />
          </InfoSection>
          {intention.canFollow && mayFollow ? (
            <InfoSection title={INTENTION_LABELS.follow.title}>
              <FollowForm storeCode={storeCode} intention={intention} onDone={followed} />
            </InfoSection>
          ) : intention.status === 'closed' ? (
            <Alert type="info" showIcon title={L.closedHint} />
          ) : null}
        </>
      )}
    </DetailPage>
  );
}
