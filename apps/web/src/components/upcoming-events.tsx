import {
  MARKETING_CALENDAR_UPCOMING_DAYS,
  marketingCalendarEndpoints,
  type MarketingEvent,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Tag } from 'antd';
import dayjs from 'dayjs';
import { call } from '../lib/http';

export const UPCOMING_LABELS = {
  title: `近${MARKETING_CALENDAR_UPCOMING_DAYS}天营销活动`,
  empty: `近${MARKETING_CALENDAR_UPCOMING_DAYS}天没有涉及本店的营销活动`,
  days: (event: MarketingEvent) =>
    event.startDate === event.endDate ? event.startDate : `${event.startDate} ~ ${event.endDate}`,
};

/** The range of the next days from today (Asia/Shanghai as the browser shows it): today and six more. */
export function upcomingRange(now = dayjs()) {
  return {
    from: now.format('YYYY-MM-DD'),
    to: now.add(MARKETING_CALENDAR_UPCOMING_DAYS - 1, 'day').format('YYYY-MM-DD'),
  };
}

/** The marketing events concerning the store in the next 7 days (首页 and 营销日历). */
export function UpcomingEvents({ storeCode }: { storeCode: string }) {
  const range = upcomingRange();
  const events = useQuery({
    queryKey: ['marketing-calendar', 'upcoming', storeCode, range.from],
    queryFn: ({ signal }) =>
      call(marketingCalendarEndpoints.list, { storeCode, ...range }, { signal, flags: { silent: true } }),
  });
  return (
    <Card title={UPCOMING_LABELS.title} size="small" data-testid="upcoming-events" loading={events.isLoading}>
      {events.data?.length ? (
        <List
          size="small"
          dataSource={events.data}
          renderItem={(event) => (
            <List.Item key={event.key} data-testid="upcoming-event">
              <List.Item.Meta
                title={
                  <>
                    <Tag color={event.color}>{event.typeText}</Tag>
                    {event.title}
                  </>
                }
                description={UPCOMING_LABELS.days(event)}
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={UPCOMING_LABELS.empty} />
      )}
    </Card>
  );
}
