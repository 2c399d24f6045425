import { publicLinks } from '../../rules/publish';
import { qrShape } from '../../rules/qr';
import { useSession } from '../../hooks/useSession';

/**
 * PublicLinks gives the organiser what to hand spectators: the address of the tournament's page
 * and of its projector view, which anyone opens without logging in, and a QR code of the page's
 * address to show on the projector or pin up in the hall. Its own chunk, since only organisers
 * see it and the QR encoder weighs on no one else's download.
 */
export default function PublicLinks({ tournamentId }: { tournamentId: number }) {
  const { api } = useSession();
  const links = publicLinks(window.location.origin, api.baseUrl, tournamentId);
  const qr = qrShape(links.tournament);
  return (
    <div className="public-links-body">
      <dl>
        <div>
          <dt>The tournament, for anyone</dt>
          <dd>
            <a href={links.tournament} data-testid="public-link">
              {links.tournament}
            </a>
          </dd>
        </div>
        <div>
          <dt>The projector view (pairings, standings)</dt>
          <dd>
            <a href={links.projector} target="_blank" rel="noopener" data-testid="projector-link">
              {links.projector}
            </a>
          </dd>
        </div>
      </dl>
      <svg className="qr-code" viewBox={`-2 -2 ${qr.size + 4} ${qr.size + 4}`} role="img" aria-label={`QR code of ${links.tournament}`} shapeRendering="crispEdges">
        <rect x={-2} y={-2} width={qr.size + 4} height={qr.size + 4} fill="#ffffff" />
        <path d={qr.path} fill="#000000" />
      </svg>
    </div>
  );
}
