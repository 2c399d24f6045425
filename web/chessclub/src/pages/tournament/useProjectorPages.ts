import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { pageOf, rowsThatFit } from '../../rules/publish';

/** The projector's page: which rows show, and which page of how many it is. */
export interface ProjectorPages {
  /** shown tells whether row i is on the page in view. */
  shown(i: number): boolean;
  page: number;
  pages: number;
}

/**
 * useProjectorPages turns a projector's table through pages of the rows that fit the window
 * under it, one page every seconds, when paging (a large screen); otherwise every row shows
 * and the page scrolls. The rows that fit are measured in box, the table's container (its top,
 * its header and a row), and measured again when the window or the number of rows changes, so
 * that a browser put full-screen shows more. Every row stays in the document, those off the
 * page hidden, so that printing shows them all.
 */
export function useProjectorPages(count: number, box: RefObject<HTMLElement | null>, paging: boolean, seconds: number): ProjectorPages {
  const [perPage, setPerPage] = useState(count);
  const [index, setIndex] = useState(0);

  useLayoutEffect(() => {
    if (!paging) {
      setPerPage(count);
      return;
    }
    const measure = () => {
      const el = box.current;
      const row = el?.querySelector('tbody tr:not(.off-page)');
      if (!el || !row) return;
      const head = el.querySelector('thead')?.getBoundingClientRect().height ?? 0;
      const available = window.innerHeight - el.getBoundingClientRect().top - head - 24;
      setPerPage(rowsThatFit(available, row.getBoundingClientRect().height));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [box, count, paging]);

  const { page, pages } = pageOf(Array.from({ length: count }), perPage, index);
  useEffect(() => {
    if (!paging || pages < 2) return;
    const timer = setInterval(() => setIndex((i) => i + 1), seconds * 1000);
    return () => clearInterval(timer);
  }, [paging, pages, seconds]);

  const size = Math.max(1, Math.floor(perPage));
  const first = (page - 1) * size;
  return { shown: (i) => !paging || (i >= first && i < first + size), page, pages };
}
