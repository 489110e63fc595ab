import { Button, Tooltip, type ButtonProps } from 'antd';
import styles from './shell.module.css';

type HeaderIconButtonProps = Omit<ButtonProps, 'type' | 'className' | 'children'> & {
  /** The tooltip, also the button's accessible name. */
  label: string;
  testId: string;
};

/** An icon button of the header bar, named by its tooltip. */
export function HeaderIconButton({ label, testId, ...button }: HeaderIconButtonProps) {
  return (
    <Tooltip title={label}>
      <Button type="text" className={styles.headerIcon} aria-label={label} data-testid={testId} {...button} />
    </Tooltip>
  );
}
