import { lazy, Suspense, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Button, Popover, Tooltip } from 'antd';
import { CheckOutlined, SkinOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useKeyboardPopover } from '@/core/a11y/keyboard-popover';
import { useThemeStore } from '@/core/theme/theme-store';
import { THEME_NAMES, themeLook } from '@/core/theme/themes';

/** Columns of the theme grid (shell.css `.helio-themes`): Up and Down move by a row. */
const THEME_COLUMNS = 3;

/** Arrow keys, Home and End move between the options of the theme list (one tab stop: the chosen theme). */
function moveInList(event: KeyboardEvent<HTMLDivElement>): void {
  const options = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="option"]')];
  const at = options.indexOf(document.activeElement as HTMLElement);
  const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: THEME_COLUMNS, ArrowUp: -THEME_COLUMNS };
  let next: number | undefined;
  if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = options.length - 1;
  else if (step[event.key] !== undefined && at >= 0) next = Math.min(options.length - 1, Math.max(0, at + step[event.key]!));
  if (next === undefined) return;
  event.preventDefault();
  options[next]?.focus();
}

/** Theme chooser: one swatch per theme; from the keyboard, Enter opens it on the chosen theme and arrows move. */
export function ThemePicker() {
  const { t } = useTranslation();
  const theme = useThemeStore((s) => s.theme);
  const color = useThemeStore((s) => s.color);
  const setTheme = useThemeStore((s) => s.setTheme);
  const popover = useKeyboardPopover();
  const content = (
    <div className="helio-themes" role="listbox" aria-label={t('theme.title')} onKeyDown={moveInList}>
      {THEME_NAMES.map((name) => {
        const look = themeLook(name, color);
        return (
          <button
            key={name}
            type="button"
            role="option"
            aria-selected={theme === name}
            tabIndex={theme === name ? 0 : -1}
            data-theme-name={name}
            className={theme === name ? 'helio-themes__item is-active' : 'helio-themes__item'}
            onClick={() => setTheme(name)}
          >
            <span className="helio-themes__swatch" aria-hidden>
              <span style={{ background: look.vars.siderBg }} />
              <span style={{ background: look.vars.headerBg }} />
              {theme === name ? <CheckOutlined className="helio-themes__check" /> : null}
            </span>
            <span className="helio-themes__name">{t(`theme.name.${name}`)}</span>
          </button>
        );
      })}
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('theme.title')}
      content={content}
      open={popover.open}
      onOpenChange={popover.setOpen}
      classNames={{ root: popover.popupClass }}
    >
      <Tooltip title={t('theme.title')}>
        <Button ref={popover.triggerRef} type="text" className="helio-header__btn" aria-label={t('theme.title')} icon={<SkinOutlined />} />
      </Tooltip>
    </Popover>
  );
}

/** antd's ColorPicker (with its slider and colour maths) loads when the button is first used, not with every page. */
const ColorPickerPopup = lazy(() => import('./color-picker-popup').then((m) => ({ default: m.ColorPickerPopup })));

/**
 * Primary colour (default #1668DC), persisted. The presets are offered in their readable shades; any other colour is
 * used in its readable shade for words and buttons (core/theme/contrast.ts).
 */
export function PrimaryColorPicker() {
  const { t } = useTranslation();
  const color = useThemeStore((s) => s.color);
  const popover = useKeyboardPopover();
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button
      ref={popover.triggerRef}
      type="text"
      className="helio-header__btn"
      aria-label={t('theme.color')}
      title={t('theme.color')}
      icon={<span className="helio-color-swatch" style={{ background: color }} aria-hidden="true" />}
      onClick={
        wanted
          ? undefined
          : () => {
              setWanted(true);
              popover.setOpen(true);
            }
      }
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <ColorPickerPopup popover={popover}>{button}</ColorPickerPopup>
    </Suspense>
  );
}
