import type { CheckUserInfoBody } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Divider, Flex, Spin } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../lib/http';
import { authOpenApi } from './auth-open-api';
import { BatchImportCard } from './batch-import-card';
import { AUTH_OPEN_LABELS } from './labels';
import { OpenStoresForm } from './open-stores-form';
import { UserLookup } from './user-lookup';
import { UserSummary } from './user-summary';

const L = AUTH_OPEN_LABELS;

/** 门店权限开通 (head office): find a staff member, open stores for them, or import many from Excel. */
export function AuthOpenPage() {
  const [lookup, setLookup] = useState<CheckUserInfoBody | null>(null);
  const user = useQuery({
    queryKey: ['auth-open', 'user', lookup],
    queryFn: () => authOpenApi.checkUser(lookup!),
    enabled: lookup !== null,
    retry: false,
  });

  return (
    <Flex vertical gap={16} data-testid="auth-open-page">
      <Card title={L.openTitle}>
        <UserLookup loading={user.isFetching} onLookup={setLookup} />
        {user.isError && (
          <Alert
            type="error"
            showIcon
            message={isApiError(user.error) ? user.error.message : L.lookup.title}
            data-testid="auth-open-lookup-error"
          />
        )}
        {user.isLoading && <Spin />}
        {user.data && (
          <>
            <Divider titlePlacement="start">{L.user.title}</Divider>
            <UserSummary user={user.data} />
            <Divider titlePlacement="start">{L.open.title}</Divider>
            {!user.data.enabled && (
              <Alert type="warning" showIcon message={L.open.disabledUser} style={{ marginBottom: 12 }} />
            )}
            <OpenStoresForm key={user.data.userId} user={user.data} onOpened={() => void user.refetch()} />
          </>
        )}
      </Card>
      <BatchImportCard onImported={() => void (lookup && user.refetch())} />
    </Flex>
  );
}
