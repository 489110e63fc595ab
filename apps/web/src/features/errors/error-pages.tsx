import { ToolOutlined } from '@ant-design/icons';
import { StatusPage, statusIconClass } from './status-page';
import { ERROR_TEXTS } from './texts';

/** Shown on a 403 answer from the API (spec 6). */
export function UnauthorizedPage() {
  return <StatusPage status="403" {...ERROR_TEXTS.unauthorized} />;
}

export function ForbiddenPage() {
  return <StatusPage status="403" {...ERROR_TEXTS.forbidden} />;
}

export function NotFoundPage() {
  return <StatusPage status="404" {...ERROR_TEXTS.notFound} />;
}

export function ServerErrorPage() {
  return <StatusPage status="500" {...ERROR_TEXTS.serverError} />;
}

export function RepairPage() {
  return <StatusPage icon={<ToolOutlined className={statusIconClass} />} {...ERROR_TEXTS.repair} />;
}
