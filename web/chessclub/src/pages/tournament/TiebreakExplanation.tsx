import { useEffect, useId, useRef, useState } from 'react';
import { closeOutline } from 'ionicons/icons';
import type { Standings } from '../../api/types';
import { IonButton, IonIcon } from '../../components/ionic';
import { useSession } from '../../hooks/useSession';
import { explainTiebreak, type Explanation } from '../../rules/tiebreakExplain';
import { errorText } from '../../rules/words';

export interface TiebreakExplanationProps {
  tournamentId: number;
  memberId: number;
  /** The column's code, as in the standings ("BH/C1"), and its heading ("Pts"). */
  code: string;
  heading: string;
  /** Called when the dialog closes; the opener takes the focus back. */
  onClose(): void;
}

type Stage = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; name: string; explanation: Explanation };

/**
 * TiebreakExplanation is a modal dialog (the platform's <dialog>, so focus stays inside and Escape
 * closes it) that says how one player's value in one standings column is reached, round by round,
 * with the numbers the server computed the value from (the standings with explain=1): the sum or
 * average ends in the value, and rounds not played say how they count. Loaded only when a value
 * is tapped, so the standings cost nothing more until then.
 */
export default function TiebreakExplanation({ tournamentId, memberId, code, heading, onClose }: TiebreakExplanationProps) {
  const { api } = useSession();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  // The dialog leaves the modal state before the opener takes the focus back: while it is
  // modal, the rest of the page cannot be focused.
  const close = () => {
    dialog.current?.close();
    onClose();
  };

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);

  useEffect(() => {
    let live = true;
    api
      .request<Standings>('GET', `/tournaments/${encodeURIComponent(String(tournamentId))}/standings?explain=1`)
      .then((st) => {
        if (!live) return;
        const row = st.rows.find((r) => r.player.member_id === memberId);
        const breakdown = row?.explain?.[code];
        if (!row || !breakdown) {
          setStage({ kind: 'failed', message: 'This value is no longer in the standings; close and look again.' });
          return;
        }
        const names = new Map(st.rows.map((r) => [r.player.start_rank, r.player.full_name]));
        const value = row.values[code] ?? null;
        const explanation = explainTiebreak(code, value, breakdown, (n) => names.get(n) ?? `player ${n}`);
        setStage({ kind: 'ready', name: row.player.full_name, explanation });
      })
      .catch((err: unknown) => live && setStage({ kind: 'failed', message: errorText(err) }));
    return () => {
      live = false;
    };
  }, [api, tournamentId, memberId, code]);

  return (
    <dialog
      ref={dialog}
      className="tiebreak-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <header className="tiebreak-head">
        <h2 id={titleId}>{stage.kind === 'ready' ? `${stage.name}: ${heading}` : heading}</h2>
        <IonButton fill="clear" aria-label="Close" onClick={close}>
          <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
        </IonButton>
      </header>
      <div className="tiebreak-body" role="status">
        {stage.kind === 'loading' && <p>Working out how this value is reached…</p>}
        {stage.kind === 'failed' && <p className="error-note">{stage.message}</p>}
        {stage.kind === 'ready' && (
          <>
            <p>{stage.explanation.summary}</p>
            {stage.explanation.formula && (
              <p className="tiebreak-formula">
                <strong>{stage.explanation.formula}</strong>
              </p>
            )}
            {stage.explanation.lines.length > 0 && (
              <ul className="tiebreak-terms">
                {stage.explanation.lines.map((l) => (
                  <li key={l.round} className={l.counted ? undefined : 'left-out'}>
                    {l.text}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </dialog>
  );
}
