import { Spin } from 'antd';

/** Centred spinner for a page (or the whole screen) that is still loading. */
export function PageLoading({ fullScreen = true }: { fullScreen?: boolean }) {
  return (
    <div
      className={fullScreen ? 'page-loading page-loading--screen' : 'page-loading'}
      role="status"
      aria-live="polite"
    >
      <Spin size="large" />
    </div>
  );
}
