import styles from './announcements.module.css';

/**
 * A notice's body. The HTML is the server's sanitised copy (allow-listed tags and attributes only, no script,
 * style or handlers; docs/domain/announcements.md), which is why it may be set as markup here.
 */
export function NoticeContent({ html, testId }: { html: string; testId: string }) {
  return <div className={styles.content} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
