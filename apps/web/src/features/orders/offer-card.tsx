import type { OfferSummary } from '@console/contract';
import { Button, Card, Tag } from 'antd';
import { Permission } from '../../components/permission';
import { CountdownTag } from './countdown-tag';
import { timeLeft } from './countdown';
import { ORDER_LABELS } from './labels';
import { distanceText, formatYuan } from '../../lib/format/display';
import styles from './orders.module.css';

type Props = {
  offer: OfferSummary;
  now: number;
  /** The button of the card: 抢单 on the offers page, 接单 on untaken orders. */
  action: { label: string; permission: string; loading: boolean; disabled: boolean; onClick(): void };
  /** Untaken orders are past their time by definition: no countdown, not greyed. */
  countdown: boolean;
  onOpen(): void;
};

const F = ORDER_LABELS.fields;

export function OfferCard({ offer, now, action, countdown, onOpen }: Props) {
  const closed = countdown && timeLeft(offer.expiresAtMs, now).expired;
  return (
    <Card
      size="small"
      className={`${styles.offer} ${closed ? styles.offerClosed : ''}`}
      data-testid="offer-card"
      data-plan-no={offer.performancePlanOrderNo}
    >
      <div className={styles.offerHead}>
        <a className={styles.offerNo} onClick={onOpen} data-testid="offer-open">
          {offer.performancePlanOrderNo}
        </a>
        {countdown ? (
          <CountdownTag expiresAtMs={offer.expiresAtMs} now={now} />
        ) : (
          <Tag>{offer.statusText}</Tag>
        )}
      </div>
      <div className={styles.offerLine}>
        <span>{F.channel}</span>
        <span>
          <Tag color="volcano">{offer.channelText}</Tag>
        </span>
      </div>
      <div className={styles.offerLine}>
        <span>{F.items}</span>
        <span>{offer.itemsSummary}</span>
      </div>
      <div className={styles.offerLine}>
        <span>{F.amount}</span>
        <span className={styles.amount}>{formatYuan(offer.payCents)}</span>
      </div>
      <div className={styles.offerLine}>
        <span>{F.delivery}</span>
        <span>{offer.deliveryTypeText}</span>
      </div>
      <div className={styles.offerLine}>
        <span>{F.distance}</span>
        <span>
          {distanceText(offer.distanceMeters)} · {offer.regionName || '-'}
        </span>
      </div>
      <div className={styles.offerLine}>
        <span>{F.customer}</span>
        <span>{offer.customerName}</span>
      </div>
      <div className={styles.offerFoot}>
        <Permission value={[action.permission]}>
          <Button
            type="primary"
            danger
            data-testid="offer-action"
            loading={action.loading}
            disabled={closed || action.disabled}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        </Permission>
      </div>
    </Card>
  );
}
