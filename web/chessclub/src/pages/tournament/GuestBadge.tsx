/**
 * GuestBadge marks a guest: a player of an imported tournament or a walk-in, who is in its results but is
 * not a member of the club (and cannot log in).
 */
export function GuestBadge() {
  return (
    <span className="guest-badge" title="Played in this tournament; not a member of the club">
      guest
    </span>
  );
}
