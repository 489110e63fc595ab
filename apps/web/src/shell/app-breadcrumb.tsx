import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { Link, useLocation, useMatches } from 'react-router';
import { routeHandle } from '../app/route-handle';
import { useMenuStore } from '../stores/menu-store';
import { buildBreadcrumbs, menuTrail, type CrumbSource } from './breadcrumb-items';
import styles from './shell.module.css';
import { SHELL_LABELS } from './labels';

/** Spec 2.5: the trail of the menu above the current page (or the matched routes outside the menu). */
export function AppBreadcrumb() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const menus = useMenuStore((state) => state.menus);
  const crumbs = useMemo(() => {
    const fromMenu = menuTrail(menus, pathname);
    const trail: CrumbSource[] =
      fromMenu.length > 0
        ? fromMenu
        : matches.map((match) => ({ path: match.pathname, title: routeHandle(match).title }));
    return buildBreadcrumbs(trail, SHELL_LABELS.home);
  }, [menus, pathname, matches]);

  return (
    <Breadcrumb
      className={styles.breadcrumb}
      aria-label={SHELL_LABELS.breadcrumb}
      items={crumbs.map((crumb) => ({
        key: crumb.path,
        title: crumb.link ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
      }))}
    />
  );
}
