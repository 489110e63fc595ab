import { Alert, Modal, Typography } from 'antd';
import { USERS_ADMIN_LABELS } from './labels';

const L = USERS_ADMIN_LABELS.password;

export type IssuedPassword = { name: string; password: string; reason: 'created' | 'reset' };

/** The one-time password, shown once with a copy button; the server never shows it again. */
export function OneTimePasswordDialog({
  issued,
  onClose,
}: {
  issued: IssuedPassword | null;
  onClose(): void;
}) {
  return (
    <Modal
      open={issued !== null}
      title={L.title}
      okText={L.close}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      destroyOnHidden
      data-testid="one-time-password-dialog"
    >
      {issued ? (
        <>
          <p>{issued.reason === 'created' ? L.createdIntro(issued.name) : L.resetIntro(issued.name)}</p>
          <Typography.Paragraph>
            <Typography.Text
              code
              copyable={{ text: issued.password, tooltips: [L.copy, L.copied] }}
              style={{ fontSize: 20 }}
              data-testid="one-time-password"
            >
              {issued.password}
            </Typography.Text>
          </Typography.Paragraph>
          <Alert type="warning" showIcon title={L.onceOnly} />
        </>
      ) : null}
    </Modal>
  );
}
