import { Link } from 'react-router-dom';
import type { RatingChange } from '../../api/types';
import { formatPoints, ratingChart } from '../../rules/play';
import { formatDay } from '../../rules/dates';
import './rating-history.css';

const W = 320;
const H = 140;

/**
 * RatingHistory is a member's rating over their rated tournaments: a line chart in plain SVG
 * (no chart library in the download), then the tournaments with score and change, and, for a
 * line computed again since (a result corrected, a tournament before it deleted), when and why.
 */
export function RatingHistory({ history }: { history: RatingChange[] }) {
  const ordered = [...history].sort((a, b) => a.applied_at.localeCompare(b.applied_at));
  const chart = ratingChart(ordered, W, H, 12);
  if (ordered.length === 0) {
    return <p className="muted">No rated tournaments yet.</p>;
  }
  return (
    <>
      {chart && (
        <figure className="rating-chart">
          <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Rating from ${chart.points[0]!.rating} to ${chart.points[chart.points.length - 1]!.rating}`}>
            <line x1="0" x2={W} y1="12" y2="12" className="grid" />
            <line x1="0" x2={W} y1={H - 12} y2={H - 12} className="grid" />
            <text x="2" y="10" className="axis">
              {chart.max}
            </text>
            <text x="2" y={H - 2} className="axis">
              {chart.min}
            </text>
            <path d={chart.path} className="line" />
            {chart.points.map((p, i) => (
              <circle key={i} cx={p.x} cy={p.y} r="4" className="dot">
                <title>
                  {p.label}: {p.rating}
                </title>
              </circle>
            ))}
          </svg>
        </figure>
      )}
      <ol className="rating-list" aria-label="Rated tournaments">
        {[...ordered].reverse().map((h) => (
          <li key={h.tournament_id}>
            <Link to={`/tournaments/${h.tournament_id}`}>{h.tournament_name}</Link>
            <span className="muted">
              {' '}
              {formatPoints(h.score)}/{h.games} · {formatDay(h.applied_at.slice(0, 10))}
            </span>
            <span className="rating-change">
              {h.change === null ? '' : h.change > 0 ? `+${h.change}` : String(h.change)}
              {h.rating !== null ? ` → ${h.rating}` : ''}
            </span>
            {h.recomputed_at && (
              <small className="muted recomputed">
                {' '}
                Computed again on {formatDay(h.recomputed_at.slice(0, 10))}
                {h.recomputed_because ? `: ${h.recomputed_because}` : ''}
              </small>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
