/**
 * What antd draws that no prop reaches, made accessible where it is drawn (WCAG 2.1 AA, checked by e2e/a11y.spec.ts):
 * - a table's hidden measure row (`aria-hidden`) copies the header's controls: taken out of the focus order;
 * - a row-selection checkbox has no name: "Select this row" / "Select all rows";
 * - a table that scrolls sideways (narrow screens) scrolls from the keyboard too: its scrolling box takes focus;
 * - a tab strip's overflow button sits inside the tab list (a list holds tabs only): hidden from assistive technology,
 *   whose users reach every tab in the list itself (arrow keys).
 * One observer for the console; it touches only those elements.
 */
import { i18n } from '@/core/i18n/i18n';

function patch(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>('.ant-table-measure-row')) {
    if (!el.inert) el.inert = true;
    for (const focusable of el.querySelectorAll<HTMLElement>('input, button, a[href], [tabindex]')) {
      if (focusable.getAttribute('tabindex') !== '-1') focusable.setAttribute('tabindex', '-1');
    }
  }
  for (const box of root.querySelectorAll<HTMLInputElement>('.ant-table-selection-column input[type="checkbox"], .ant-table-selection-column input[type="radio"]')) {
    const label = i18n.t(box.closest('thead') ? 'common.a11y.selectAll' : 'common.a11y.selectRow');
    if (box.getAttribute('aria-label') !== label) box.setAttribute('aria-label', label);
  }
  for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
    if (!box.hasAttribute('tabindex')) box.setAttribute('tabindex', '0');
  }
  for (const more of root.querySelectorAll<HTMLElement>('.ant-tabs-nav-more')) {
    if (more.getAttribute('aria-hidden') !== 'true') {
      more.setAttribute('aria-hidden', 'true');
      more.setAttribute('tabindex', '-1');
    }
  }
}

/** Watches the document from now on; returns the function that stops it. */
export function installAntdPatches(): () => void {
  let scheduled = false;
  const run = () => {
    scheduled = false;
    patch(document);
  };
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(run);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const onLanguage = () => patch(document);
  i18n.on('languageChanged', onLanguage);
  patch(document);
  return () => {
    observer.disconnect();
    i18n.off('languageChanged', onLanguage);
  };
}
