import { Navigate, useLocation, useParams } from 'react-router';

/** `/redirect/<path>` replaces itself with `/<path>`: the shell refreshes a tab by going through it. */
export function RedirectPage() {
  const rest = useParams()['*'] ?? '';
  const { search } = useLocation();
  // Leading slashes are dropped so the target can never become a protocol-relative `//host` URL.
  return <Navigate to={`/${rest.replace(/^[/\\]+/, '')}${search}`} replace />;
}

/** Spec 2.1: an unknown path goes to /404 (when `unknownPathLoader` could not tell a 403). */
export function NotFoundRedirect() {
  return <Navigate to="/404" replace />;
}

export function HomeRedirect() {
  return <Navigate to="/dashboard" replace />;
}
