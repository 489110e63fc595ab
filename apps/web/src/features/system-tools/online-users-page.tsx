import { SYSTEM_TOOL_PERMISSIONS as P, systemToolEndpoints, type OnlineRow } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { Tag } from 'antd';
import { column, type ListColumn } from '../../components/list/columns';
import { KeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { urlField } from '../../components/list/list-query';
import { useHeadOfficeList } from '../../components/list/use-head-office-list';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useRefresh } from '../../lib/use-refresh';
import { SYSTEM_TOOL_LABELS } from './labels';
import { systemToolKeys } from './system-tool-keys';

const L = SYSTEM_TOOL_LABELS.online;
const T = L.columns;

export const onlineUrlShape = {
  keyword: urlField.keyword(32),
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50, 100], 20),
};

const COLUMNS: ListColumn<OnlineRow>[] = [
  {
    key: 'userName',
    title: T.user,
    width: 140,
    render: (_, row) => (
      <>
        {row.userName}
        {row.current && (
          <Tag color="blue" style={{ marginInlineStart: 6 }}>
            {L.current}
          </Tag>
        )}
      </>
    ),
  },
  column.text('userAccount', T.account, { width: 120 }),
  column.text('storeName', T.store, { width: 140 }),
  column.text('ip', T.ip, { width: 120 }),
  column.remark('userAgent', T.userAgent, { width: 200 }),
  column.time('signedInAt', T.signedInAt),
  column.time('lastSeenAt', T.lastSeenAt),
];

/** 在线用户: live sessions; 强制下线 ends one on every instance at once (not the caller's own). */
export function OnlineUsersPage() {
  const { listQuery, list } = useHeadOfficeList(onlineUrlShape, {
    key: systemToolKeys.online,
    endpoint: systemToolEndpoints.online,
    filters: (query) => ({ keyword: query.keyword || null }),
  });
  const refresh = useRefresh(systemToolKeys.online);
  const kick = useMutation({
    mutationFn: (row: OnlineRow) => call(systemToolEndpoints.kick, { sessionId: row.sessionId }),
    onSuccess: () => {
      notify.success(L.kicked);
      refresh();
    },
  });
  return (
    <ListPage
      title={L.title}
      name="online-users"
      list={list}
      columns={COLUMNS}
      rowKey="sessionId"
      empty={{ description: L.empty }}
      filters={
        <KeywordFilters listQuery={listQuery} name="online-users" placeholder={L.keywordPlaceholder} />
      }
      rowActions={[
        {
          key: 'kick',
          label: L.kick,
          danger: true,
          permission: [P.onlineKick],
          allowed: (row) => !row.current,
          confirm: (row) => ({ content: L.confirmKick(row.userName) }),
          onClick: (row) => kick.mutateAsync(row),
        },
      ]}
    />
  );
}
