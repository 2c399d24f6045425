/**
 * RookMark is the club's mark, a rook, drawn in the current text colour. It is decorative: the
 * club's name always stands next to it as text.
 */
export function RookMark({ size = 28 }: { size?: number }) {
  return (
    <svg className="rook-mark" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={ROOK} />
    </svg>
  );
}

// The rook in a 64-unit square: three merlons, a collar, a tapering body and a wide foot.
export const ROOK =
  'M17 9h8v6h4V9h6v6h4V9h8v13l-4 4H21l-4-4z' + // crown with its crenels
  'M23 29h18l2 17H21z' + // body
  'M18 48h28l3 4v3H15v-3z'; // foot

/** Logo is the mark with the club's name, as the side menu shows it. */
export function Logo() {
  return (
    <span className="logo">
      <RookMark size={32} />
      <span className="logo-name">Chess Club</span>
    </span>
  );
}
