import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isMobileWidth, useAppStore } from '../stores/app-store';

/** Spec 2.4: below 992 px the device is mobile, the sidebar closes, and again after each route change. */
export function useResponsiveSidebar(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const onResize = () =>
      useAppStore.getState().setDevice(isMobileWidth(window.innerWidth) ? 'mobile' : 'desktop');
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  useEffect(() => {
    if (useAppStore.getState().device === 'mobile') useAppStore.getState().closeSidebar();
  }, [pathname]);
}
