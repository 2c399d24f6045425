/** The performance mark set when the first screen has rendered its content. */
export const FIRST_RENDER_MARK = 'chessclub:first-render';

/** markFirstRender records, once per page load, that a screen's content is on the page. */
export function markFirstRender(): void {
  if (typeof performance === 'undefined' || performance.getEntriesByName(FIRST_RENDER_MARK).length > 0) {
    return;
  }
  performance.mark(FIRST_RENDER_MARK);
}
