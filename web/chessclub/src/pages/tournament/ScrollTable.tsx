import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * ScrollTable is the sideways-scrolling box of a wide table (standings, crosstable). While some
 * of the table is out of view it says so twice: a shadow on the side with more to see, and a
 * line under the table ("Swipe sideways…"), so that a phone's reader knows the table goes on.
 * The box is focusable, so a keyboard scrolls it with the arrow keys.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((m) => (m.left === left && m.right === right ? m : { left, right }));
  }, []);
  useEffect(() => {
    measure();
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    return () => watch.disconnect();
  }, [measure]);
  const edges = `${more.left ? ' more-left' : ''}${more.right ? ' more-right' : ''}`;
  return (
    <>
      <div ref={box} className={`table-scroll${edges}`} tabIndex={0} role="region" aria-label={label} onScroll={measure}>
        {children}
      </div>
      {(more.left || more.right) && (
        <p className="scroll-hint no-print" data-testid="scroll-hint">
          Swipe sideways (or use the arrow keys) to see every column; the names and points stay in view.
        </p>
      )}
    </>
  );
}
