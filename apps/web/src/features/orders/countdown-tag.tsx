import { ClockCircleOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { timeLeft } from './countdown';
import { ORDER_LABELS } from './labels';

/** The time left of an offer: red under 5 minutes, grey once closed. */
export function CountdownTag({ expiresAtMs, now }: { expiresAtMs: number; now: number }) {
  const left = timeLeft(expiresAtMs, now);
  if (left.expired) return <Tag data-testid="offer-countdown">{ORDER_LABELS.rob.closed}</Tag>;
  return (
    <Tag
      data-testid="offer-countdown"
      color={left.urgent ? 'red' : 'blue'}
      icon={<ClockCircleOutlined />}
      aria-label={`${ORDER_LABELS.fields.timeLeft} ${left.text}`}
    >
      {left.text}
    </Tag>
  );
}
