import { Collapse, Drawer } from 'antd';
import { AUTH_LABELS } from './labels';

const HELP = AUTH_LABELS.help;

/** 帮助文档: the side panel with short answers to sign-in questions. */
export function HelpDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      title={HELP.title}
      open={open}
      onClose={onClose}
      size="min(400px, 100vw)"
      data-testid="help-drawer"
    >
      <Collapse
        ghost
        defaultActiveKey={['0']}
        items={HELP.items.map((item, index) => ({
          key: String(index),
          label: item.question,
          children: <p style={{ margin: 0, lineHeight: 1.8 }}>{item.answer}</p>,
        }))}
      />
    </Drawer>
  );
}
