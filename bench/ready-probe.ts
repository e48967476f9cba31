// In-page readiness stamps. An init script watches every DOM mutation and records the moment a
// condition first holds, then the moment the next frame has been produced (requestAnimationFrame,
// then a task): no polling interval is added to what is measured. Stamps are epoch milliseconds
// (performance.timeOrigin + now) so they compare with the bench's own clock.

/** `#id` is in the DOM with a non-zero box, visible, not disabled and not read-only. */
export function usableElement(selector: string): string {
  return `(() => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el || el.disabled || el.readOnly) return false;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  })()`;
}

/** An init script that sets window.__benchReady and window.__benchPainted once `condition` holds. */
export function readyProbe(condition: string): string {
  return `(() => {
  const stamp = () => performance.timeOrigin + performance.now();
  const check = () => {
    if (window.__benchReady !== undefined || !(${condition})) return;
    window.__benchReady = stamp();
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__benchPainted = stamp(); }, 0));
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();`;
}

/** The sale screen's funding-code field (renderer/screens/sale-screen.tsx) ready for input. */
export const SALE_READY_PROBE = readyProbe(usableElement('#sale-code'));
