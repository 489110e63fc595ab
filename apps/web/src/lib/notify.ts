import type { ReactNode } from 'react';
import { message as staticMessage, Modal, notification as staticNotification } from 'antd';
import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** Toasts last 2 s (spec 9). */
const TOAST_SECONDS = 2;

type ModalLike = { confirm(props: ModalFuncProps): unknown; warning(props: ModalFuncProps): unknown };
export type NotifierApi = { message: MessageInstance; notification: NotificationInstance; modal: ModalLike };

/**
 * Notices from anywhere (HTTP layer, stores, pages). The antd `App` provider binds its themed instances
 * (app/providers.tsx); until then the static antd functions are used.
 */
let api: NotifierApi = { message: staticMessage, notification: staticNotification, modal: Modal };

export function bindNotifier(next: NotifierApi): () => void {
  const previous = api;
  api = next;
  return () => {
    api = previous;
  };
}

export type ConfirmOptions = { title: ReactNode; content: ReactNode; okText?: string; cancelText?: string };

export const notify = {
  success(text: string): void {
    void api.message.success(text, TOAST_SECONDS);
  },
  error(text: string): void {
    void api.message.error(text, TOAST_SECONDS);
  },
  warning(text: string): void {
    void api.message.warning(text, TOAST_SECONDS);
  },
  /** A corner notification, for failures the user did not directly cause (timeouts, network). */
  notification(text: string, seconds: number): void {
    api.notification.error({ title: text, duration: seconds });
  },
  /** Resolves true on OK, false on cancel. */
  confirm(options: ConfirmOptions): Promise<boolean> {
    return new Promise((resolve) => {
      api.modal.confirm({ ...options, onOk: () => resolve(true), onCancel: () => resolve(false) });
    });
  },
  /** A blocking warning with only an OK button; resolves when it is acknowledged. */
  alert(options: Pick<ConfirmOptions, 'title' | 'content'>): Promise<void> {
    return new Promise((resolve) => {
      api.modal.warning({ ...options, keyboard: false, closable: false, onOk: () => resolve() });
    });
  },
};
