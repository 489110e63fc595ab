import type { DocEvent } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { LogTimeline, useDetailQuery } from '../../components/detail/detail-page';
import { useMenuPageLinks } from '../../components/use-menu-page-links';
import { useRefresh } from '../../lib/use-refresh';
import { useStoreCode } from '../../stores/use-store-code';
import { ApplyDialog, type ApplyMode } from './apply-dialog';
import { inventoryKeys } from './inventory-keys';

/**
 * What the inventory documents' detail pages share (transfer, request goods, loan): the record from `?id=`, the
 * query of the chosen store, and `changed` for an action's answer (shown at once, every inventory list
 * refetched).
 */
export function useDocDetail<Data>(
  key: (storeCode: string) => readonly unknown[],
  load: (storeCode: string, id: number, signal: AbortSignal) => Promise<Data>,
) {
  const [params] = useSearchParams();
  const storeCode = useStoreCode();
  const queryClient = useQueryClient();
  const refresh = useRefresh(inventoryKeys.all);
  const id = Number(params.get('id'));
  const detail = useDetailQuery({
    key: key(storeCode),
    recordKey: Number.isInteger(id) && id > 0 ? id : null,
    load: (recordId, signal) => load(storeCode, recordId, signal),
  });
  const changed = (next: Data) => {
    queryClient.setQueryData([...key(storeCode), detail.recordKey], next);
    refresh();
    return next;
  };
  return { storeCode, detail, refresh, changed };
}

/** A document's timeline (oldest first); `danger` names the actions drawn red (cancel, reject, …). */
export function DocTimeline({
  events,
  danger,
  testId,
}: {
  events: readonly DocEvent[];
  danger: readonly string[];
  testId: string;
}) {
  return (
    <LogTimeline
      testId={testId}
      entries={events.map((e, index) => ({
        key: index,
        title: e.note ? `${e.actionText}：${e.note}` : e.actionText,
        at: e.at,
        operator: e.userName,
        kind: e.action,
        danger: danger.includes(e.action),
      }))}
    />
  );
}

/** A list's apply dialog that opens the new document's detail (`route` ?id=) once it is created. */
export function ApplyAndOpen({
  mode,
  route,
  storeCode,
  onClose,
}: {
  mode: ApplyMode;
  route: string;
  storeCode: string;
  onClose(): void;
}) {
  const refresh = useRefresh(inventoryKeys.all);
  const navigate = useNavigate();
  const links = useMenuPageLinks();
  return (
    <ApplyDialog
      mode={mode}
      open
      storeCode={storeCode}
      onClose={onClose}
      onDone={(created) => {
        refresh();
        const to = links.href(route, { id: String(created.id) });
        if (to) void navigate(to);
      }}
    />
  );
}
