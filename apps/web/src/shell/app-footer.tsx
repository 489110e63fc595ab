import { useSettingsStore } from '../stores/settings-store';
import styles from './shell.module.css';

/** Spec 2.4: the copyright line and the filing number from the settings, when the footer is on. */
export function AppFooter() {
  const { showFooter, footerTxt, caseNumber } = useSettingsStore();
  if (!showFooter) return null;
  return (
    <footer className={styles.footer} data-testid="shell-footer">
      <span>{footerTxt}</span>
      {caseNumber && (
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
          {caseNumber}
        </a>
      )}
    </footer>
  );
}
