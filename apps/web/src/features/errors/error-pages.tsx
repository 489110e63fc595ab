import { StatusPage } from './status-page';
import { ERROR_LABELS } from './labels';

/** Shown on a 403 answer from the API (spec 6). */
export function UnauthorizedPage() {
  return <StatusPage status="403" {...ERROR_LABELS.unauthorized} />;
}

export function ForbiddenPage() {
  return <StatusPage status="403" {...ERROR_LABELS.forbidden} />;
}

export function NotFoundPage() {
  return <StatusPage status="404" {...ERROR_LABELS.notFound} />;
}

export function ServerErrorPage() {
  return <StatusPage status="500" {...ERROR_LABELS.serverError} />;
}

export { RepairPage } from './repair-page';
