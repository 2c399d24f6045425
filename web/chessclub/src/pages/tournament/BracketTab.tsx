import { Link } from 'react-router-dom';
import type { Bracket, BracketMatch, PlayerRef, Tournament } from '../../api/types';
import { LoadError } from '../../components/ListState';
import { bracketAhead, bracketRoundName, matchScore } from '../../rules/views';
import { useView } from './useView';

export interface BracketTabProps {
  tournament: Pick<Tournament, 'id' | 'rounds'>;
  /** The tournament's data, which a live event replaces: the bracket loads again with it. */
  revision: unknown;
  playerLink(memberId: number): string;
}

/**
 * BracketTab is a knockout's bracket: round by round (the final, the semi-finals…), each match
 * with its two players, the winner marked and the score from each player's side, stage by stage
 * where a match has several games or went to tie-breaks ("1–1, rapid 1½–½"); then the rounds
 * still to come, up to the final, with who waits for whom (bracketAhead). On a phone the
 * rounds stack; on a wide screen they stand side by side, as a bracket is drawn.
 */
export function BracketTab({ tournament: t, revision, playerLink }: BracketTabProps) {
  const { data, error, reload } = useView<Bracket>(`/tournaments/${t.id}/bracket`, revision);
  if (error && !data) return <LoadError error={error} retry={() => void reload()} />;
  if (!data) return null;
  if (data.rounds.length === 0) return <p className="empty-note">No round has been paired yet.</p>;
  const format = data.games_per_match > 1 ? `Matches of ${data.games_per_match} games` : 'One game a match';
  const stages = data.tiebreak_stages.map((s) => `${s.games} ${s.stage}`).join(', then ');
  return (
    <>
      <p className="table-note">
        {format}
        {stages ? `; if tied: ${stages}.` : '.'}
      </p>
      <div className="bracket">
        {data.rounds.map((r) => (
          <section key={r.number} className="bracket-round" aria-labelledby={`bracket-round-${r.number}`} data-round={r.number}>
            <h3 id={`bracket-round-${r.number}`}>{bracketRoundName(r.number, t.rounds)}</h3>
            <ol className="bracket-matches">
              {r.matches.map((m) => (
                <li key={m.a.member_id} className="bracket-match" aria-label={matchLabel(m)}>
                  <Side m={m} p={m.a} flip={false} playerLink={playerLink} />
                  {m.b ? <Side m={m} p={m.b} flip playerLink={playerLink} /> : <p className="bracket-side bye">Bye: goes through without playing</p>}
                </li>
              ))}
            </ol>
          </section>
        ))}
        {bracketAhead(data, t.rounds).map((r) => (
          <section key={r.number} className="bracket-round ahead" aria-labelledby={`bracket-round-${r.number}`} data-round={r.number}>
            <h3 id={`bracket-round-${r.number}`}>
              {bracketRoundName(r.number, t.rounds)} <small className="muted">· to come</small>
            </h3>
            <ol className="bracket-matches">
              {r.matches.map(([a, b], i) => (
                <li key={i} className="bracket-match" aria-label={`${a} against ${b}, to come`}>
                  <p className="bracket-side">{a}</p>
                  <p className="bracket-side">{b}</p>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </>
  );
}

/** Side is one player of a match with their score. */
function Side({ m, p, flip, playerLink }: { m: BracketMatch; p: PlayerRef; flip: boolean; playerLink(memberId: number): string }) {
  const won = m.winner?.member_id === p.member_id;
  return (
    <p className={won ? 'bracket-side won' : m.winner ? 'bracket-side lost' : 'bracket-side'}>
      <span className="seed" aria-label={`Seed ${p.start_rank}`}>
        {p.start_rank}
      </span>
      <Link to={playerLink(p.member_id)}>{p.full_name}</Link>
      {won && <span className="sr-only"> (through)</span>}
      {m.b && <span className="bracket-score">{matchScore(m, flip)}</span>}
    </p>
  );
}

/** matchLabel says a match in words for screen readers. */
function matchLabel(m: BracketMatch): string {
  if (!m.b) return `${m.a.full_name}: bye`;
  const state = m.winner ? `${m.winner.full_name} goes through` : 'undecided';
  return `${m.a.full_name} against ${m.b.full_name}, ${matchScore(m)}, ${state}`;
}
