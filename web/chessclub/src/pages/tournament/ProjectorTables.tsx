import { useEffect, useRef } from 'react';
import type { Round, Standings, Tournament, Crosstable } from '../../api/types';
import { formatPoints, resultLabel, standingsTable } from '../../rules/play';
import { byeWords, pointsBefore } from '../../rules/wall';
import { useProjectorPages, type ProjectorPages } from './useProjectorPages';

/** How the projector's tables page themselves, and how they tell the page in view. */
export interface PagingProps {
  /** Whether to page (a large screen) rather than show every row. */
  paging: boolean;
  /** Whether the screen is a phone's: each row a card rather than a table's line. */
  narrow: boolean;
  seconds: number;
  /** onPage tells the frame which page is in view, for its "Page 2 of 4". */
  onPage(p: Pick<ProjectorPages, 'page' | 'pages'>): void;
}

/**
 * ProjectorStandings is the standings for a room: place, pairing number, name, rating, points
 * and every tie-break, in large type, a page at a time on a large screen. A phone gets each
 * player as a card, the tie-breaks on a line under the name.
 */
export function ProjectorStandings({ standings, paging, narrow, seconds, onPage }: { standings: Standings | null } & PagingProps) {
  const box = useRef<HTMLDivElement>(null);
  const table = standings ? standingsTable(standings) : null;
  const pages = useProjectorPages(table?.lines.length ?? 0, box, paging, seconds);
  useEffect(() => onPage({ page: pages.page, pages: pages.pages }), [onPage, pages.page, pages.pages]);
  if (!standings || !table || table.lines.length === 0) return <p className="projector-empty">No standings yet.</p>;
  const row = (i: number) => standings.rows[i]!;
  if (narrow) {
    return (
      <ol className="projector-cards" aria-label="Standings">
        {table.lines.map((l, i) => (
          <li key={l.memberId} className="projector-card">
            <p className="projector-card-who">
              <span className="place">{l.place}</span>
              <span className="pno">{row(i).player.start_rank}</span> {l.name}
              {l.withdrawn && <small> (withdrew)</small>}
              <strong className="projector-card-points">{l.cells[0]}</strong>
            </p>
            <p className="projector-card-values">
              {table.columns.slice(1).map((c, k) => (
                <span key={c.code}>
                  <abbr title={c.title}>{c.heading}</abbr> {l.cells[k + 1]}
                </span>
              ))}
            </p>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <div ref={box} className="projector-table-box" role="region" aria-label="Standings">
      <table className="projector-table">
        <thead>
          <tr>
            <th scope="col" className="num">
              <abbr title="Place">#</abbr>
            </th>
            <th scope="col">Player</th>
            <th scope="col" className="num">
              Rating
            </th>
            {table.columns.map((c) => (
              <th key={c.code} scope="col" className={c.code === 'PTS' ? 'num pts' : 'num'}>
                <abbr title={c.title}>{c.heading}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.lines.map((l, i) => (
            <tr key={l.memberId} className={pages.shown(i) ? undefined : 'off-page'}>
              <td className="num place">{l.place}</td>
              <th scope="row">
                <span className="pno">{row(i).player.start_rank}</span> {l.name}
                {l.withdrawn && <small> (withdrew)</small>}
              </th>
              <td className="num">{l.rating || '–'}</td>
              {l.cells.map((v, k) => (
                <td key={table.columns[k]!.code} className={k === 0 ? 'num pts' : 'num'}>
                  {v}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface ProjectorPairingsProps extends PagingProps {
  tournament: Tournament;
  round: Round | undefined;
  rounds: Round[];
  crosstable: Crosstable | null;
}

/**
 * ProjectorPairings is a round's boards for a room: board, White with their points before the
 * round, the result, Black likewise; then the byes. A page at a time on a large screen, a card a
 * board on a phone.
 */
export function ProjectorPairings({ tournament: t, round, rounds, crosstable, paging, narrow, seconds, onPage }: ProjectorPairingsProps) {
  const box = useRef<HTMLDivElement>(null);
  const count = round ? round.boards.length + round.byes.length : 0;
  const pages = useProjectorPages(count, box, paging, seconds);
  useEffect(() => onPage({ page: pages.page, pages: pages.pages }), [onPage, pages.page, pages.pages]);
  if (!round) return <p className="projector-empty">No round has been paired yet.</p>;
  const points = t.format === 'knockout' ? null : pointsBefore(round.number, rounds, crosstable, t);
  const score = (id: number) => (points ? formatPoints(points.get(id) ?? 0) : '');
  if (narrow) {
    return (
      <ol className="projector-cards" aria-label={`Round ${round.number} pairings`}>
        {round.boards.map((b) => (
          <li key={b.board} className="projector-card projector-board">
            <span className="projector-board-no">{b.board}</span>
            <span className="projector-side">
              <span className="colour-dot white" aria-hidden="true" /> <span className="pno">{b.white.start_rank}</span> {b.white.full_name} <small>{score(b.white.member_id)}</small>
            </span>
            <strong className="projector-result">{resultLabel(b.result)}</strong>
            <span className="projector-side">
              <span className="colour-dot black" aria-hidden="true" /> <span className="pno">{b.black.start_rank}</span> {b.black.full_name} <small>{score(b.black.member_id)}</small>
            </span>
          </li>
        ))}
        {round.byes.map((y) => (
          <li key={`bye-${y.player.member_id}`} className="projector-card">
            <span className="pno">{y.player.start_rank}</span> {y.player.full_name}: {byeWords(y.kind)}
          </li>
        ))}
      </ol>
    );
  }
  return (
    <div ref={box} className="projector-table-box" role="region" aria-label={`Round ${round.number} pairings`}>
      <table className="projector-table pairings-table">
        <thead>
          <tr>
            <th scope="col" className="num">
              Board
            </th>
            <th scope="col">White</th>
            {points && (
              <th scope="col" className="num">
                <abbr title="Points before the round">Pts</abbr>
              </th>
            )}
            <th scope="col" className="result">
              Result
            </th>
            {points && (
              <th scope="col" className="num">
                <abbr title="Points before the round">Pts</abbr>
              </th>
            )}
            <th scope="col">Black</th>
          </tr>
        </thead>
        <tbody>
          {round.boards.map((b, i) => (
            <tr key={b.board} className={pages.shown(i) ? undefined : 'off-page'}>
              <td className="num board-no">{b.board}</td>
              <td>
                <span className="pno">{b.white.start_rank}</span> {b.white.full_name}
              </td>
              {points && <td className="num">{score(b.white.member_id)}</td>}
              <td className="result">{resultLabel(b.result)}</td>
              {points && <td className="num">{score(b.black.member_id)}</td>}
              <td>
                <span className="pno">{b.black.start_rank}</span> {b.black.full_name}
              </td>
            </tr>
          ))}
          {round.byes.map((y, k) => (
            <tr key={`bye-${y.player.member_id}`} className={pages.shown(round.boards.length + k) ? 'bye' : 'bye off-page'}>
              <td className="num" />
              <td colSpan={points ? 5 : 3}>
                <span className="pno">{y.player.start_rank}</span> {y.player.full_name}: {byeWords(y.kind)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
