import { Button } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';
import { PageLoading } from '../components/page-loading';
import { ERROR_LABELS } from '../features/errors/labels';

/**
 * The error pages draw antd `Result` illustrations (~10 kB gzip), so they load when an error is shown rather than
 * with the entry chunk (docs/web-app.md, "Bundle budget").
 */
const errorPages = () => import('../features/errors/route-error-page');

/** When even the error page cannot load (typically a new deployment removed the old chunks): offer a reload. */
export function ChunkLoadFailed() {
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h2>{ERROR_LABELS.crashed.title}</h2>
      <p>{ERROR_LABELS.crashed.description}</p>
      <Button type="primary" size="middle" onClick={() => window.location.reload()}>
        {ERROR_LABELS.reload}
      </Button>
    </div>
  );
}

function lazyBoundary(pick: (module: Awaited<ReturnType<typeof errorPages>>) => ComponentType) {
  const Page = lazy(() =>
    errorPages().then(
      (module) => ({ default: pick(module) }),
      (): { default: ComponentType } => ({ default: ChunkLoadFailed }),
    ),
  );
  return function LazyErrorBoundary() {
    return (
      <Suspense fallback={<PageLoading fullScreen={false} />}>
        <Page />
      </Suspense>
    );
  };
}

/** Error boundary of the root route: the whole screen. */
export const RouteErrorPage = lazyBoundary((m) => m.RouteErrorPage);
/** Error boundary of a page inside the main frame: the sidebar and header stay usable. */
export const PageErrorBoundary = lazyBoundary((m) => m.PageErrorBoundary);
