import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import { BrandMark } from '../../components/brand-mark';
import { PageLoading } from '../../components/page-loading';
import { runtimeConfig } from '../../lib/env';
import { clearSessionExpiredMark, isSessionExpiredMarked } from '../../lib/session-expiry';
import { BrandPanel } from './brand-panel';
import { CodeLoginForm } from './code-login-form';
import { InlineNotice } from './form-error';
import styles from './login-page.module.css';
import type { PendingPasswordChange } from './must-change-password';
import { PasswordLoginForm } from './password-login-form';
import { AUTH_LABELS } from './labels';
import { LoginTabs } from './login-tabs';

// Password recovery (Steps, Result) and help (Drawer, Collapse) are not needed to show the form: they load on
// first use, keeping the login route within its bundle budget (docs/web-app.md, "Bundle budget").
const ForgotPassword = lazy(() => import('./forgot-password').then((m) => ({ default: m.ForgotPassword })));
const MustChangePassword = lazy(() =>
  import('./must-change-password').then((m) => ({ default: m.MustChangePassword })),
);
const HelpDrawer = lazy(() => import('./help-drawer').then((m) => ({ default: m.HelpDrawer })));

/** /login: password or SMS sign-in, password recovery and help (spec 2.3). */
export function LoginPage() {
  const [view, setView] = useState<'sign-in' | 'reset' | 'change'>('sign-in');
  const [pendingChange, setPendingChange] = useState<PendingPasswordChange | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  // Mounted on first opening only, then kept so that closing still animates.
  const [helpUsed, setHelpUsed] = useState(false);
  const [sessionExpired] = useState(isSessionExpiredMarked);
  useEffect(clearSessionExpiredMark, []);

  const { token } = theme.useToken();
  // The login page's own controls follow the theme colour (spec 2.9) like the antd ones.
  const themeVars = {
    '--login-primary': token.colorPrimary,
    '--login-primary-hover': token.colorPrimaryHover,
    '--login-outline': token.controlOutline,
  } as CSSProperties;

  return (
    <div className={styles.page} style={themeVars}>
      <BrandPanel />
      <main className={styles.main}>
        <div className={styles.compactBrand}>
          <BrandMark size={32} inverted />
          <span>{AUTH_LABELS.productName}</span>
        </div>
        <section className={styles.card}>
          {view === 'sign-in' ? (
            <>
              <h1 className={styles.title}>{AUTH_LABELS.welcome}</h1>
              <p className={styles.subtitle}>{AUTH_LABELS.welcomeHint}</p>
              {runtimeConfig.demoMode && (
                <InlineNotice tone="warning" message={AUTH_LABELS.demoMode} testId="demo-banner" />
              )}
              {sessionExpired && <InlineNotice tone="warning" message={AUTH_LABELS.sessionExpired} />}
              <LoginTabs
                initial="password"
                tabs={[
                  {
                    key: 'password',
                    label: AUTH_LABELS.tabs.password,
                    testId: 'tab-password',
                    render: () => (
                      <PasswordLoginForm
                        onForgotPassword={() => setView('reset')}
                        onMustChange={(pending) => {
                          setPendingChange(pending);
                          setView('change');
                        }}
                      />
                    ),
                  },
                  {
                    key: 'code',
                    label: AUTH_LABELS.tabs.code,
                    testId: 'tab-code',
                    render: () => <CodeLoginForm />,
                  },
                ]}
              />
            </>
          ) : view === 'change' && pendingChange ? (
            <Suspense fallback={<PageLoading fullScreen={false} />}>
              <MustChangePassword
                pending={pendingChange}
                onBack={() => {
                  setPendingChange(null);
                  setView('sign-in');
                }}
              />
            </Suspense>
          ) : (
            <Suspense fallback={<PageLoading fullScreen={false} />}>
              <ForgotPassword onBack={() => setView('sign-in')} />
            </Suspense>
          )}
          <div className={styles.cardFooter}>
            <Button
              type="link"
              icon={<QuestionCircleOutlined />}
              onClick={() => {
                setHelpUsed(true);
                setHelpOpen(true);
              }}
              data-testid="help-link"
            >
              {AUTH_LABELS.help.title}
            </Button>
          </div>
        </section>
      </main>
      {helpUsed && (
        <Suspense fallback={null}>
          <HelpDrawer open={helpOpen} onClose={() => setHelpOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
