/**
 * Keyboard focus rules for the whole console (WCAG 2.1.1, 2.1.2, 2.4.3, 2.4.7), where antd leaves a gap:
 * - `tabbables(root)`: the elements Tab stops at inside `root`, in document order;
 * - a modal dialog keeps the focus from edge to edge: Tab on its last control goes to its first and Shift+Tab on its
 *   first to its last. antd's dialog wraps the focus through two invisible stops of its own (an empty element after the
 *   last control, and the whole dialog before the first), so a keyboard user lost sight of the focus for a press.
 */
import './focus.css';

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
].join(', ');

/** The drawn elements Tab stops at inside `root`, in document order (a radio group counts each radio). */
export function tabbables(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => {
    if (el.tabIndex < 0 || el.closest('[inert], [aria-hidden="true"]')) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
}

/** antd's focus holder around a dialog's content: the dialog's first child, holding the rest. */
function isDialogHolder(el: Element, dialog: Element): boolean {
  return el === dialog.firstElementChild && el.getAttribute('tabindex') === '0' && el.childElementCount > 0;
}

function onTab(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const active = document.activeElement;
  const dialog = active?.closest('[role="dialog"][aria-modal="true"]');
  if (!active || !dialog) return;
  const stops = tabbables(dialog).filter((el) => !isDialogHolder(el, dialog));
  if (!stops.length) return;
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  const holder = isDialogHolder(active, dialog);
  if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && (active === first || holder)) {
    event.preventDefault();
    last.focus();
  }
}

/** A select's, tree select's or date picker's list that is open (drawn at the end of the document). */
const OPEN_POPUP = '.ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-picker-dropdown:not(.ant-picker-dropdown-hidden)';

/**
 * On a form dialog's content (`onKeyDown`): Escape that closes an open list of one of its fields stops there, and
 * only the next Escape closes the dialog (antd's tree select and date picker let it through to the dialog, which
 * closed with the form).
 */
export function escapeClosesListFirst(event: { key: string; stopPropagation(): void }): void {
  if (event.key === 'Escape' && document.querySelector(OPEN_POPUP)) event.stopPropagation();
}

/** Installs the dialog rule for the document; returns the function that removes it. */
export function installDialogFocus(): () => void {
  document.addEventListener('keydown', onTab, true);
  return () => document.removeEventListener('keydown', onTab, true);
}
