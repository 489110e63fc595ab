import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Modal, Progress, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { notify } from '../../lib/notify';
import { avatarSrc } from '../../shell/user-menu';
import { errorText } from '../../lib/http/errors';
import { avatarFileProblem } from './avatar-checks';
import { USER_LABELS } from './labels';
import { profileApi, profileKeys, refreshSessionUser } from './profile-api';
import styles from './user-center-page.module.css';

const LABELS = USER_LABELS.avatar;
const ACCEPT = 'image/png,image/jpeg,image/webp';

/** The avatar with 更换头像: checks type and size, previews the choice, uploads on confirm. */
export function AvatarUpload({ avatarPath }: { avatarPath: string | undefined }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const file = chosen?.file ?? null;
  const preview = chosen?.preview ?? null;

  // The preview's object URL is released when it is replaced or the page goes away.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (picked: File) => {
    const problem = avatarFileProblem(picked);
    if (problem) notify.error(problem);
    else setChosen({ file: picked, preview: URL.createObjectURL(picked) });
    return Upload.LIST_IGNORE;
  };

  const close = () => setChosen(null);

  const upload = async () => {
    if (!file) return;
    setUploading(true);
    try {
      await profileApi.uploadAvatar(file);
      await Promise.all([
        refreshSessionUser(),
        queryClient.invalidateQueries({ queryKey: profileKeys.profile }),
      ]);
      notify.success(LABELS.done);
      close();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={styles.avatarBox}>
      <Avatar size={96} src={avatarSrc(avatarPath)} icon={<UserOutlined />} data-testid="profile-avatar" />
      <Upload accept={ACCEPT} showUploadList={false} beforeUpload={choose} maxCount={1}>
        <Button size="small" icon={<CameraOutlined />} data-testid="avatar-choose">
          {LABELS.change}
        </Button>
      </Upload>
      <p className={styles.hint}>{LABELS.hint}</p>
      <Modal
        open={file !== null}
        title={LABELS.previewTitle}
        okText={LABELS.upload}
        cancelText={LABELS.cancel}
        onOk={() => void upload()}
        onCancel={close}
        confirmLoading={uploading}
        maskClosable={!uploading}
        closable={!uploading}
        okButtonProps={{ 'data-testid': 'avatar-upload-ok' }}
        destroyOnHidden
      >
        <div className={styles.preview}>
          {preview ? <Avatar size={128} src={preview} /> : null}
          {uploading ? <Progress percent={100} status="active" showInfo={false} /> : null}
          {uploading ? <span className={styles.hint}>{LABELS.uploading}</span> : null}
        </div>
      </Modal>
    </div>
  );
}
