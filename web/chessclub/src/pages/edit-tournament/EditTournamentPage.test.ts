import { describe, expect, it } from 'vitest';
import { tournament } from '../../test/fixtures';
import { changes, formValues } from './EditTournamentPage';

describe('formValues and changes', () => {
  const t = tournament({
    id: 7,
    name: 'Spring Open',
    start_date: '2026-04-01',
    end_date: '2026-04-02',
    location: null,
    format: 'swiss',
    rounds: 5,
    time_control: null,
    description: null,
    created_by: 1,
    created_at: '2026-03-01T10:00:00Z',
    state: 'running',
    bye_limit: 1,
    initial_colour: 'black',
    acceleration: 'baku',
    points_win: 3,
    points_draw: 1,
    points_loss: 0,
    points_bye: 3,
    rating_type: 'blitz',
    city: 'Leeds',
    federation: 'ENG',
    chief_arbiter: null,
    deputy_arbiters: ['FA Tom Lee'],
    time_control_code: null,
    round_dates: ['2026-04-01'],
  });

  it('sends nothing for a form left as it was, the settings and the deputies included', () => {
    const v = formValues(t);
    expect(changes(v, v)).toEqual({});
    expect(changes(v, { ...v })).toEqual({});
  });

  it('sends only the FIDE report fields that changed', () => {
    const before = formValues(t);
    const after = { ...before, chief_arbiter: 'IA Jane Smith', deputy_arbiters: 'FA Tom Lee\nNA Ann Cole', city: '', round_dates: '2026-04-01,2026-04-02' };
    expect(changes(before, after)).toEqual({ chief_arbiter: 'IA Jane Smith', deputy_arbiters: ['FA Tom Lee', 'NA Ann Cole'], city: null, round_dates: ['2026-04-01', '2026-04-02'] });
  });

  it('fills the form with a tournament’s points as typed', () => {
    expect(formValues({ ...t, points_draw: 0.5 })).toMatchObject({ points_win: '3', points_draw: '0.5', initial_colour: 'black', acceleration: 'baku', rating_type: 'blitz' });
  });
});
