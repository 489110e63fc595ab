import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusPage } from './status-page';
import { ERROR_LABELS } from './labels';

function RouteError({ inline }: { inline: boolean }) {
  const error = useRouteError();
  useEffect(() => {
    // Lazy: the reporter must not weigh on the entry bundle; a 404 or other route response is no crash.
    if (!isRouteErrorResponse(error))
      void import('../../lib/error-report').then((m) => m.reportRenderError(error)).catch(() => undefined);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <StatusPage status="404" inline={inline} {...ERROR_LABELS.notFound} />;
  }
  // Typically a page chunk that vanished with a new deployment: a reload fetches the current one.
  return (
    <StatusPage
      status="warning"
      inline={inline}
      {...ERROR_LABELS.crashed}
      extra={
        <Button size="middle" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
          {ERROR_LABELS.reload}
        </Button>
      }
    />
  );
}

/** Error boundary of the root route: the whole screen. */
export function RouteErrorPage() {
  return <RouteError inline={false} />;
}

/** Error boundary of a page inside the main frame: the sidebar and header stay usable. */
export function PageErrorBoundary() {
  return <RouteError inline />;
}
