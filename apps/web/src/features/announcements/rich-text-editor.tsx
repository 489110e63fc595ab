import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { ANNOUNCEMENT_LABELS } from './labels';
import styles from './announcements.module.css';

const L = ANNOUNCEMENT_LABELS.editor;

type Tool = { key: string; title: string; icon: ReactNode; command: string; argument?: string };

const TOOLS: readonly Tool[] = [
  { key: 'bold', title: L.bold, icon: <BoldOutlined />, command: 'bold' },
  { key: 'italic', title: L.italic, icon: <ItalicOutlined />, command: 'italic' },
  { key: 'underline', title: L.underline, icon: <UnderlineOutlined />, command: 'underline' },
  { key: 'heading', title: L.heading, icon: <b>H</b>, command: 'formatBlock', argument: 'h3' },
  { key: 'ul', title: L.bulletList, icon: <UnorderedListOutlined />, command: 'insertUnorderedList' },
  { key: 'ol', title: L.orderedList, icon: <OrderedListOutlined />, command: 'insertOrderedList' },
  { key: 'link', title: L.link, icon: <LinkOutlined />, command: 'createLink' },
  { key: 'clear', title: L.clear, icon: <ClearOutlined />, command: 'removeFormat' },
];

type Props = {
  value?: string;
  onChange?(html: string): void;
  testId?: string;
};

/**
 * A small rich-text field: a toolbar over a contentEditable area (the browser's own editing commands). What it
 * produces is only a draft: the server keeps the allow-listed HTML, and that is what is stored and shown.
 */
export function RichTextEditor({ value, onChange, testId = 'rich-text' }: Props) {
  const area = useRef<HTMLDivElement>(null);

  // Written into the DOM only when it differs, so typing never moves the caret.
  useEffect(() => {
    const element = area.current;
    if (element && element.innerHTML !== (value ?? '')) element.innerHTML = value ?? '';
  }, [value]);

  const emit = () => onChange?.(area.current?.innerHTML ?? '');
  const apply = (tool: Tool) => {
    let argument = tool.argument;
    if (tool.command === 'createLink') {
      const url = window.prompt(L.linkPrompt, 'https://')?.trim();
      if (!url || !/^https?:\/\/\S+$/i.test(url)) return;
      argument = url;
    }
    area.current?.focus();
    document.execCommand(tool.command, false, argument);
    emit();
  };

  return (
    <div className={styles.editor} data-testid={testId}>
      <Space size={2} wrap className={styles.toolbar}>
        {TOOLS.map((tool) => (
          <Tooltip key={tool.key} title={tool.title}>
            <Button
              size="small"
              type="text"
              icon={tool.icon}
              aria-label={tool.title}
              // Keep the selection in the editing area while the button is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => apply(tool)}
            />
          </Tooltip>
        ))}
      </Space>
      <div
        ref={area}
        className={styles.editable}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        data-testid={`${testId}-area`}
        onInput={emit}
        onBlur={emit}
      />
    </div>
  );
}
