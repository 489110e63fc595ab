import type { ReactNode } from 'react';
import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** Toasts last 2 s (spec 9). */
const TOAST_SECONDS = 2;

type ModalLike = { confirm(props: ModalFuncProps): unknown; warning(props: ModalFuncProps): unknown };
export type NotifierApi = { message: MessageInstance; notification: NotificationInstance; modal: ModalLike };

/**
 * Notices from anywhere (HTTP layer, stores, pages). The antd `App` of the shell binds its themed instances
 * (shell/shell-notices.tsx); elsewhere (login, error pages) the static antd functions are used. Those are
 * imported on first use only, so they stay out of the entry chunk (docs/web-app.md, "Bundle budget").
 */
let bound: NotifierApi | null = null;
let staticApi: Promise<NotifierApi> | null = null;

function loadStaticApi(): Promise<NotifierApi> {
  return (staticApi ??= Promise.all([
    import('antd/es/message'),
    import('antd/es/notification'),
    import('antd/es/modal'),
  ]).then(([message, notification, modal]) => ({
    message: message.default,
    notification: notification.default,
    modal: modal.default,
  })));
}

/**
 * Loads the static notices ahead of need: for a notice that must show after a deployment removed the chunks
 * (the new-version dialog), when the shell's themed instances may already be gone with the crashed frame.
 */
export function preloadStaticNotices(): void {
  void loadStaticApi();
}

function withApi(show: (api: NotifierApi) => void): void {
  if (bound) show(bound);
  else void loadStaticApi().then((api) => show(bound ?? api));
}

export function bindNotifier(next: NotifierApi): () => void {
  const previous = bound;
  bound = next;
  return () => {
    bound = previous;
  };
}

export type ConfirmOptions = { title: ReactNode; content: ReactNode; okText?: string; cancelText?: string };

/** A confirm's buttons unless the caller names its own, so that they read the same before the shell's locale. */
const CONFIRM_BUTTONS = { okText: '确定', cancelText: '取消' } as const;

export const notify = {
  success(text: string): void {
    withApi((api) => void api.message.success(text, TOAST_SECONDS));
  },
  error(text: string): void {
    withApi((api) => void api.message.error(text, TOAST_SECONDS));
  },
  warning(text: string): void {
    withApi((api) => void api.message.warning(text, TOAST_SECONDS));
  },
  /** A corner notification, for failures the user did not directly cause (timeouts, network). */
  notification(text: string, seconds: number): void {
    withApi((api) => api.notification.error({ title: text, duration: seconds }));
  },
  /** Resolves true on OK, false on cancel. */
  confirm(options: ConfirmOptions): Promise<boolean> {
    return new Promise((resolve) => {
      withApi((api) =>
        api.modal.confirm({
          ...CONFIRM_BUTTONS,
          ...options,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        }),
      );
    });
  },
  /** A blocking warning with only an OK button; resolves when it is acknowledged. */
  alert(options: Pick<ConfirmOptions, 'title' | 'content'>): Promise<void> {
    return new Promise((resolve) => {
      withApi((api) =>
        api.modal.warning({ ...options, keyboard: false, closable: false, onOk: () => resolve() }),
      );
    });
  },
};
