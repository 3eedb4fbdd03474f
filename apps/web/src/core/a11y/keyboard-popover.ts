/**
 * A popover opened from a button, usable from the keyboard (WCAG 2.1.1): antd draws a popover at the end of the
 * document, so Tab from its button never reached what it holds. Opened, the focus moves into it (its selected item,
 * else its first control); Escape closes it and gives the focus back to the button; Tab past its last control (or
 * Shift+Tab before its first) closes it and goes on from the button, as antd's dropdown menus do.
 *
 * Usage: `const pop = useKeyboardPopover()`; the popover gets `open={pop.open}`, `onOpenChange={pop.setOpen}` and
 * `pop.popupClass` as its popup's class (`classNames.root`, or `rootClassName` for a colour picker); its button
 * `ref={pop.triggerRef}`.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { tabbables } from './focus';

export function useKeyboardPopover() {
  const [open, setOpen] = useState(false);
  const popupClass = `helio-popup-${useId().replace(/[^\w-]/g, '')}`;
  const triggerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    let frame = 0;
    let popup: HTMLElement | null = null;
    const close = () => {
      setOpen(false);
      triggerRef.current?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
      } else if (event.key === 'Tab' && popup) {
        const stops = tabbables(popup);
        const edge = event.shiftKey ? stops[0] : stops[stops.length - 1];
        if (!edge || document.activeElement === edge) {
          // Back on the button; Tab then goes on to the control after it, Shift+Tab stays on it.
          if (event.shiftKey) event.preventDefault();
          close();
        }
      }
    };
    // The popup is drawn after the render that opened it (or after its chunk loads: up to about 2 s).
    const attach = (tries: number) => {
      popup = document.querySelector<HTMLElement>(`.${popupClass}`);
      if (!popup) {
        if (tries < 120) frame = requestAnimationFrame(() => attach(tries + 1));
        return;
      }
      popup.addEventListener('keydown', onKeyDown);
      const selected = popup.querySelector<HTMLElement>('[aria-selected="true"][tabindex="0"], [aria-selected="true"]:is(button, a)');
      (selected ?? tabbables(popup)[0])?.focus();
    };
    frame = requestAnimationFrame(() => attach(0));
    return () => {
      cancelAnimationFrame(frame);
      popup?.removeEventListener('keydown', onKeyDown);
    };
  }, [open, popupClass]);

  return { open, setOpen, popupClass, triggerRef };
}
