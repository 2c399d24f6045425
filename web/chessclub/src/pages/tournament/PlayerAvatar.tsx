import { initials } from '../../rules/members';
import { useSession } from '../../hooks/useSession';

/**
 * PlayerAvatar is a player's face where the club has their photo: its thumbnail (128 px square,
 * not the photo of up to 1024 px, to stay light on a phone's connection), or their initials
 * otherwise, as in the members list. A guest of an imported tournament is not a member and has
 * no photo. The initials are decoration (the name is beside them); a photo is named.
 *
 * Its own small module of the tournament screen, a plain round box rather than an IonAvatar,
 * and not shared with the members list: a module that two screens share becomes a chunk of its
 * own, and every chunk lengthens the first screen's list of files.
 */
export function PlayerAvatar({ name, thumbnail }: { name: string; thumbnail: string | undefined }) {
  const { api } = useSession();
  return (
    <span className="player-avatar" aria-hidden={thumbnail ? undefined : 'true'}>
      {thumbnail ? <img src={api.assetUrl(thumbnail)} alt={`Photo of ${name}`} width={32} height={32} /> : <span className="initials">{initials(name)}</span>}
    </span>
  );
}
