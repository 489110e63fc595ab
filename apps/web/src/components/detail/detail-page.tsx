import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Endpoint, EndpointInput, EndpointOutput } from '@console/contract';
import { useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Empty, Result, Spin, Timeline } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { formatTime } from '../../lib/format/display';
import { call, isApiError } from '../../lib/http';
import { hasPermission } from '../../lib/permission';
import { useSessionStore } from '../../stores/session-store';
import { useTagsStore } from '../../stores/tags-store';
import { useStoreCode } from '../../stores/use-store-code';
import { COMMON_LABELS, DETAIL_LABELS } from '../labels';
import styles from './detail.module.css';

type DetailQueryOptions<Key, Data> = {
  /** The query key before the record's key (e.g. `['orders', 'detail', storeCode]`). */
  key: QueryKey;
  /** What names the record in the URL, or null when the URL names none. */
  recordKey: Key | null;
  load(recordKey: Key, signal: AbortSignal): Promise<Data>;
  /** Store-scoped records wait for a store (default true). */
  needsStore?: boolean;
};

export type DetailQuery<Key, Data> = UseQueryResult<Data> & { recordKey: Key | null; noStore: boolean };

/** One record of a detail page: loaded once there is a store and the URL names a record. */
export function useDetailQuery<Key, Data>({
  key,
  recordKey,
  load,
  needsStore = true,
}: DetailQueryOptions<Key, Data>): DetailQuery<Key, Data> {
  const storeCode = useStoreCode();
  const query = useQuery({
    queryKey: [...key, recordKey],
    queryFn: ({ signal }) => load(recordKey as Key, signal),
    enabled: (!needsStore || Boolean(storeCode)) && recordKey !== null,
    retry: false,
    // A record's state moves on elsewhere (another store ships a transfer): each time the page is opened or its
    // kept-alive tab shown again it asks again, showing what it has meanwhile.
    refetchOnMount: 'always',
  });
  return { ...query, recordKey, noStore: needsStore && !storeCode };
}

/**
 * The `load` of a record read through the contract: `loadDetail(valetEndpoints.detail, (valetOrderNo) => ({
 * storeCode, valetOrderNo }))`. Silent: the page (or drawer) shows "not found" or the failure in place.
 */
export function loadDetail<E extends Endpoint, Key>(
  endpoint: E,
  input: (recordKey: Key) => EndpointInput<E>,
): (recordKey: Key, signal: AbortSignal) => Promise<EndpointOutput<E>> {
  return (recordKey, signal) => call(endpoint, input(recordKey), { signal, flags: { silent: true } });
}

/** An action of the detail's action bar: shown when the server's `actions` allows it and the user may. */
export type DetailAction = {
  key: string;
  label: string;
  onClick(): void;
  allowed: boolean;
  permission?: readonly string[];
  primary?: boolean;
  danger?: boolean;
};

type DetailPageProps<Key, Data> = {
  /** The page title; `${title} ${recordNo}` names the tab and the window. */
  title: string;
  /** test id of the loaded page. */
  testId: string;
  detail: DetailQuery<Key, Data>;
  /** The record's number once loaded. */
  recordNo(data: Data): string;
  /** The list to go back to (its filters kept: pass the list's URL with its search), null when unknown. */
  backTo?: string | null;
  /** What the URL lacks when it names no record (default 缺少记录编号), e.g. 缺少客户意向单号. */
  missingKey?: string;
  actions?(data: Data): readonly DetailAction[];
  /** Shown in the action bar when no action is possible (e.g. the status text). */
  idle?(data: Data): ReactNode;
  extraBusy?: boolean;
  /** Test ids of the action bar (`${actionTestId}s`) and its buttons (`${actionTestId}-${key}`). */
  actionTestId?: string;
  onRefresh(): void;
  children(data: Data): ReactNode;
};

/**
 * A record's page: the loading sequence (no store → missing key → spinner → not found / error with retry) once,
 * then a header card with back, refresh and the action bar, and the page's sections. The record's number goes
 * into the tab title.
 */
export function DetailPage<Key, Data>({
  title,
  testId,
  detail,
  recordNo,
  backTo,
  missingKey,
  actions,
  idle,
  extraBusy,
  actionTestId = 'detail-action',
  onRefresh,
  children,
}: DetailPageProps<Key, Data>) {
  const data = detail.data;
  useRecordTitle(data ? `${title} ${recordNo(data)}` : null);

  if (data === undefined || detail.isError)
    return <DetailState detail={detail} backTo={backTo} missingKey={missingKey} />;

  return (
    <div className={styles.page} data-testid={testId}>
      <Card
        size="small"
        title={
          <span className={styles.heading}>
            {backTo ? (
              <Link to={backTo} aria-label={DETAIL_LABELS.backToList} data-testid="detail-back">
                <ArrowLeftOutlined />
              </Link>
            ) : null}
            {`${title} ${recordNo(data)}`}
          </span>
        }
        extra={
          <Button
            icon={<ReloadOutlined />}
            loading={detail.isFetching || extraBusy}
            onClick={onRefresh}
            aria-label={COMMON_LABELS.refresh}
          />
        }
      >
        <DetailActionBar actions={actions?.(data) ?? []} testId={actionTestId} idle={idle?.(data)} />
      </Card>
      {children(data)}
    </div>
  );
}

/**
 * The buttons of a record's actions (a detail page's header, a drawer's): those the server's `actions` allow
 * and the user's roles permit, in the order declared; `idle` (e.g. the status) when none is left.
 */
export function DetailActionBar({
  actions,
  testId,
  idle,
}: {
  actions: readonly DetailAction[];
  /** Test ids of the bar (`${testId}s`) and its buttons (`${testId}-${key}`). */
  testId: string;
  idle?: ReactNode;
}) {
  const roles = useSessionStore((state) => state.roles);
  const shown = actions.filter(
    (action) => action.allowed && (!action.permission || hasPermission(roles, action.permission)),
  );
  if (shown.length === 0) return idle ? <span className={styles.hint}>{idle}</span> : null;
  return (
    <div className={styles.actions} data-testid={`${testId}s`}>
      {shown.map((action) => (
        <Button
          key={action.key}
          type={action.primary ? 'primary' : 'default'}
          danger={action.danger}
          data-testid={`${testId}-${action.key}`}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
    </div>
  );
}

/**
 * The states of a record before it can be shown (no store → missing key → spinner → not found / error with
 * retry), for <DetailPage> and for a record shown elsewhere (a drawer over a list); the record once loaded.
 */
export function DetailState<Key, Data>({
  detail,
  backTo,
  missingKey = DETAIL_LABELS.missingKey,
  children,
}: {
  detail: DetailQuery<Key, Data>;
  backTo?: string | null;
  missingKey?: string;
  children?(data: Data): ReactNode;
}) {
  const data = detail.data;
  if (detail.noStore) return <Alert type="info" showIcon title={COMMON_LABELS.noStore} />;
  if (detail.recordKey === null) return <Result status="warning" title={missingKey} />;
  if (detail.isLoading)
    return (
      <Card>
        <Spin description={COMMON_LABELS.loading}>
          <div style={{ minHeight: 160 }} />
        </Spin>
      </Card>
    );
  if (detail.isError || data === undefined) {
    const notFound = isApiError(detail.error) && detail.error.status === 404;
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={isApiError(detail.error) ? detail.error.message : COMMON_LABELS.loadFailed}
        extra={
          <>
            {backTo ? (
              <Link to={backTo}>
                <Button>{DETAIL_LABELS.backToList}</Button>
              </Link>
            ) : null}
            <Button onClick={() => void detail.refetch()}>{COMMON_LABELS.retry}</Button>
          </>
        }
      />
    );
  }

  return <>{children?.(data)}</>;
}

/** Names the current tab and the window after the record (`已接订单详情 P2026…`). */
export function useRecordTitle(title: string | null): void {
  const { pathname, search, hash } = useLocation();
  const fullPath = `${pathname}${search}${hash}`;
  useEffect(() => {
    if (title) useTagsStore.getState().setViewTitle(fullPath, title);
  }, [fullPath, title]);
}

/** A log entry of the record's timeline. */
export type LogEntry = {
  key: string | number;
  title: ReactNode;
  at: string;
  operator?: string;
  danger?: boolean;
  /** What kind of entry it is (`data-kind`), for tests and styles. */
  kind?: string;
};

/** The record's log, oldest first: it reads as the record's story. */
export function LogTimeline({
  entries,
  testId = 'record-log',
}: {
  entries: readonly LogEntry[];
  testId?: string;
}) {
  if (entries.length === 0) return <Empty description={DETAIL_LABELS.noLog} />;
  return (
    <Timeline
      className={styles.timeline}
      data-testid={testId}
      items={entries.map((entry) => ({
        key: entry.key,
        color: entry.danger ? 'red' : 'blue',
        content: (
          <div data-testid={`${testId}-row`} data-kind={entry.kind}>
            <div>{entry.title}</div>
            <div className={styles.hint}>
              {formatTime(entry.at)}
              {entry.operator ? ` · ${DETAIL_LABELS.operator(entry.operator)}` : null}
            </div>
          </div>
        ),
      }))}
    />
  );
}

/** Where "back to the list" goes: the list page's last URL in the tabs (its filters kept), else its path. */
export function useListReturn(listPath: string | null): string | null {
  const tab = useTagsStore((state) =>
    listPath ? state.visitedViews.find((view) => view.path === listPath) : undefined,
  );
  return tab?.fullPath ?? listPath;
}

/**
 * A record's detail in a drawer over its list: open while the list names a record (`detail.recordKey`), with
 * <DetailState>'s loading sequence, and `extra` (e.g. a <DetailActionBar>) once the record is loaded.
 */
export function DetailDrawer<Key, Data>({
  detail,
  title,
  width,
  testId,
  onClose,
  extra,
  children,
}: {
  detail: DetailQuery<Key, Data>;
  title: string;
  /** The drawer's width on a wide screen; a phone's is the screen's. */
  width: number;
  testId: string;
  onClose(): void;
  extra?(data: Data): ReactNode;
  children(data: Data): ReactNode;
}) {
  const open = detail.recordKey !== null;
  return (
    <Drawer
      open={open}
      title={title}
      size={`min(${width}px, 100vw)`}
      onClose={onClose}
      destroyOnHidden
      data-testid={testId}
      extra={detail.data && extra ? extra(detail.data) : null}
    >
      {open ? <DetailState detail={detail}>{children}</DetailState> : null}
    </Drawer>
  );
}
