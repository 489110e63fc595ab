import type { OfferSummary } from '@console/contract';
import { Button, Card, Tag } from 'antd';
import { Link } from 'react-router';
import { Permission } from '../../components/permission';
import { CountdownTag } from './countdown-tag';
import { timeLeft } from './countdown';
import { ORDER_LABELS } from './labels';
import { distanceText, formatYuan } from '../../lib/format/display';
import styles from './orders.module.css';

type Props = {
  offer: OfferSummary;
  now: number;
  /** The card's button (抢单). */
  action: { label: string; permission: string; loading: boolean; disabled: boolean; onClick(): void };
  /** The offer's detail (robOrderDetail), null when the user's menu has none: the number is then plain text. */
  href: string | null;
};

const F = ORDER_LABELS.fields;

/** An offer of 抢单: its time left (greyed once closed), what and where, and the grab button. */
export function OfferCard({ offer, now, action, href }: Props) {
  const closed = timeLeft(offer.expiresAtMs, now).expired;
  return (
    <Card
      size="small"
      className={closed ? styles.offerClosed : undefined}
      data-testid="offer-card"
      data-plan-no={offer.performancePlanOrderNo}
    >
      {/* The customer's and the messages' number first; the plan number (抢单编号) under it. */}
      <div className={styles.offerHead}>
        <div>
          {href ? (
            <Link to={href} className={styles.offerNo} data-testid="offer-open">
              {offer.omsOrderNo}
            </Link>
          ) : (
            <span className={styles.offerNo}>{offer.omsOrderNo}</span>
          )}
          <div className={styles.offerSubNo} data-testid="offer-plan-no">
            {F.planOrderNo} {offer.performancePlanOrderNo}
          </div>
        </div>
        <CountdownTag expiresAtMs={offer.expiresAtMs} now={now} />
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
