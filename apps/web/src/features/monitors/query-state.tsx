import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { MONITOR_LABELS as L } from './labels';

/** A monitor's first load: a spinner, an error with 重试, then the figures (kept on screen while refreshing). */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={L.loadFailed}
        extra={
          <Button onClick={() => void query.refetch()} data-testid="monitor-retry">
            {L.retry}
          </Button>
        }
      />
    );
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}

/** 刷新 of a monitor's card: fetches the figures again, spinning while any fetch of them runs. */
export function RefreshButton({ query, testId }: { query: UseQueryResult<unknown>; testId: string }) {
  return (
    <Button onClick={() => void query.refetch()} loading={query.isFetching} data-testid={testId}>
      {L.refresh}
    </Button>
  );
}
