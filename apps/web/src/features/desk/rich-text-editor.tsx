/**
 * A small rich-text editor for notices: a content-editable area with bold, italic, underline, strike-through,
 * heading, lists, link and "clear formatting". What it emits and what it shows is passed through the same
 * allow-list the server applies (pasted HTML included), so the form value is always the sanitised HTML.
 */
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { htmlText, safeUrl, sanitizeHtml } from './sanitize-html';
import './desk.css';

export interface RichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  placeholder?: string;
}

/** `document.execCommand` is the one editing API every browser has for content-editable areas. */
function exec(command: string, value?: string): void {
  (document as unknown as { execCommand(c: string, ui: boolean, v?: string): boolean }).execCommand(command, false, value);
}

export function RichTextEditor({ id, value = '', onChange, disabled = false, placeholder }: RichTextEditorProps) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  /** The last HTML this editor emitted: an incoming value equal to it is our own echo, not a new document. */
  const emitted = useRef<string | null>(null);

  useEffect(() => {
    const el = area.current;
    if (!el || value === emitted.current) return;
    el.innerHTML = sanitizeHtml(value);
    emitted.current = value;
  }, [value]);

  const emit = () => {
    const el = area.current;
    if (!el) return;
    const html = htmlText(el.innerHTML) || el.querySelector('img') !== null ? sanitizeHtml(el.innerHTML) : '';
    emitted.current = html;
    onChange?.(html);
  };

  const run = (command: string, arg?: string) => {
    if (disabled) return;
    area.current?.focus();
    exec(command, arg);
    emit();
  };

  const addLink = () => {
    const url = window.prompt(t('desk.editor.linkPrompt'), 'https://');
    if (!url) return;
    if (!safeUrl(url, 'href')) {
      window.alert(t('desk.editor.linkInvalid'));
      return;
    }
    run('createLink', url);
  };

  const tool = (key: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip key={key} title={t(`desk.editor.${key}`)}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={t(`desk.editor.${key}`)}
        disabled={disabled}
        // Keep the selection in the editing area.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );

  return (
    <div className={`helio-rte${disabled ? ' helio-rte--disabled' : ''}`}>
      <Space size={2} wrap className="helio-rte__toolbar" role="toolbar" aria-label={t('desk.editor.toolbar')}>
        {tool('bold', <BoldOutlined />, () => run('bold'))}
        {tool('italic', <ItalicOutlined />, () => run('italic'))}
        {tool('underline', <UnderlineOutlined />, () => run('underline'))}
        {tool('strike', <StrikethroughOutlined />, () => run('strikeThrough'))}
        {tool('heading', <span className="helio-rte__h">H</span>, () => run('formatBlock', '<h2>'))}
        {tool('paragraph', <span className="helio-rte__h">P</span>, () => run('formatBlock', '<p>'))}
        {tool('bulleted', <UnorderedListOutlined />, () => run('insertUnorderedList'))}
        {tool('numbered', <OrderedListOutlined />, () => run('insertOrderedList'))}
        {tool('link', <LinkOutlined />, addLink)}
        {tool('clear', <ClearOutlined />, () => run('removeFormat'))}
      </Space>
      <div
        id={id}
        ref={area}
        className="helio-rte__area helio-notice-content"
        role="textbox"
        aria-multiline="true"
        aria-label={placeholder}
        data-placeholder={placeholder}
        contentEditable={!disabled}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        onPaste={(e) => {
          e.preventDefault();
          const html = e.clipboardData.getData('text/html');
          if (html) exec('insertHTML', sanitizeHtml(html));
          else exec('insertText', e.clipboardData.getData('text/plain'));
          emit();
        }}
        onDrop={(e) => e.preventDefault()}
      />
    </div>
  );
}

