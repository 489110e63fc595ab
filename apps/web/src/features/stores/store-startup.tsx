import { Button, Modal } from 'antd';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { STORE_LABELS } from './labels';
import { storeCoordinates } from './geolocation';
import { nextStartupStep, type StartupFacts } from './startup-decision';
import { takeLastStore } from './last-store-request';
import { fetchAuthInfo, fetchShopGroups } from './store-api';
import { choiceOf, STORE_PAGE_SIZE } from './store-list';
import { groupStores } from './store-list';
import { useApplyStore } from './use-switch-store';

// Shown only when the user must pick a store; its list and search load then.
const StoreSelectDialog = lazy(() =>
  import('./store-select-dialog').then((m) => ({ default: m.StoreSelectDialog })),
);

async function firstStorePage(): Promise<NonNullable<StartupFacts['stores']>> {
  const { latitude, longitude } = await storeCoordinates();
  const page = await fetchShopGroups({ pageNum: 1, pageSize: STORE_PAGE_SIZE, latitude, longitude });
  const [group] = groupStores([page]);
  const store = group?.stores[0];
  return { total: page.total, only: page.total === 1 && group && store ? choiceOf(group, store) : null };
}

/** A 提示 answered only through its buttons: no close icon, no Esc, no click on the mask. */
function StartupPrompt({ footer, children }: { footer: ReactNode; children: ReactNode }) {
  return (
    <Modal
      open
      title={STORE_LABELS.tip}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      footer={footer}
    >
      {children}
    </Modal>
  );
}

/**
 * Spec 4.2, mounted in the shell: with no selected store, take the last-used one, else the only one, else
 * ask (select dialog), else explain that there is no store permission. Fetch failures of the last store
 * offer 重新获取 / 跳过.
 */
export function StoreStartup() {
  const selected = useShopStore((state) => state.shopInfo !== null);
  const userId = useSessionStore((state) => state.user?.id);
  const [facts, setFacts] = useState<Omit<StartupFacts, 'selected'>>({});
  const apply = useApplyStore();
  const step = nextStartupStep({ ...facts, selected });

  useEffect(() => {
    if (userId === undefined) return;
    let active = true;
    const learn = (next: Partial<StartupFacts>) => {
      if (active) setFacts((known) => ({ ...known, ...next }));
    };
    const current = nextStartupStep({ ...facts, selected });
    switch (current.kind) {
      case 'fetch-last-store':
        takeLastStore(userId).then(
          (store) => learn({ lastStore: { ok: true, store } }),
          () => learn({ lastStore: { ok: false } }),
        );
        break;
      case 'fetch-stores':
        firstStorePage().then(
          (stores) => learn({ stores }),
          () => learn({ stores: null }),
        );
        break;
      case 'fetch-auth-info':
        fetchAuthInfo(userId).then(
          (authInfo) => learn({ authInfo }),
          () => learn({ authInfo: null }),
        );
        break;
      case 'use-store':
        void apply(current.store, 'startup', current.save).then((applied) => {
          // The only store could not be saved: let the user try again from the select dialog.
          if (!applied) learn({ stores: { total: 1, only: null } });
        });
        break;
      default:
        break;
    }
    return () => {
      active = false;
    };
  }, [facts, selected, userId, apply]);

  if (step.kind === 'last-store-failed') {
    return (
      <StartupPrompt
        footer={[
          <Button key="skip" data-testid="last-store-skip" onClick={() => setFacts({ dismissed: true })}>
            {STORE_LABELS.skip}
          </Button>,
          <Button
            key="retry"
            type="primary"
            data-testid="last-store-retry"
            onClick={() => setFacts((known) => ({ ...known, lastStore: undefined }))}
          >
            {STORE_LABELS.retry}
          </Button>,
        ]}
      >
        <p data-testid="last-store-failed">{STORE_LABELS.lastStoreFailed}</p>
      </StartupPrompt>
    );
  }
  if (step.kind === 'choose-store') {
    return (
      <Suspense fallback={null}>
        <StoreSelectDialog onConfirm={(store) => apply(store, 'startup')} />
      </Suspense>
    );
  }
  if (step.kind === 'no-permission') {
    return (
      <StartupPrompt
        footer={
          <Button type="primary" onClick={() => setFacts((known) => ({ ...known, dismissed: true }))}>
            {STORE_LABELS.ok}
          </Button>
        }
      >
        <p data-testid="no-store-permission">{STORE_LABELS.noPermission}</p>
      </StartupPrompt>
    );
  }
  return null;
}
