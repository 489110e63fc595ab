import { QuestionCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { BrandMark } from '../../components/brand-mark';
import { clearSessionExpiredMark, isSessionExpiredMarked } from '../../lib/session-expiry';
import { BrandPanel } from './brand-panel';
import { CodeLoginForm } from './code-login-form';
import { ForgotPassword } from './forgot-password';
import { HelpDrawer } from './help-drawer';
import styles from './login-page.module.css';
import { PasswordLoginForm } from './password-login-form';
import { AUTH_LABELS } from './labels';

type LoginTab = 'password' | 'code';

/** /login: password or SMS sign-in, password recovery and help (spec 2.3). */
export function LoginPage() {
  const [view, setView] = useState<'sign-in' | 'reset'>('sign-in');
  const [tab, setTab] = useState<LoginTab>('password');
  const [helpOpen, setHelpOpen] = useState(false);
  const [sessionExpired] = useState(isSessionExpiredMarked);
  useEffect(clearSessionExpiredMark, []);

  const tabs = [
    {
      key: 'password',
      label: <span data-testid="tab-password">{AUTH_LABELS.tabs.password}</span>,
      children: <PasswordLoginForm onForgotPassword={() => setView('reset')} />,
    },
    {
      key: 'code',
      label: <span data-testid="tab-code">{AUTH_LABELS.tabs.code}</span>,
      children: <CodeLoginForm />,
    },
  ];

  return (
    <div className={styles.page}>
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
              {sessionExpired && (
                <Alert
                  className={styles.formError}
                  type="warning"
                  showIcon
                  title={AUTH_LABELS.sessionExpired}
                />
              )}
              <Tabs
                className={styles.tabs}
                size="large"
                activeKey={tab}
                onChange={(key) => setTab(key as LoginTab)}
                items={tabs}
              />
            </>
          ) : (
            <ForgotPassword onBack={() => setView('sign-in')} />
          )}
          <div className={styles.cardFooter}>
            <Button
              type="link"
              icon={<QuestionCircleOutlined />}
              onClick={() => setHelpOpen(true)}
              data-testid="help-link"
            >
              {AUTH_LABELS.help.title}
            </Button>
          </div>
        </section>
      </main>
      <HelpDrawer open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
