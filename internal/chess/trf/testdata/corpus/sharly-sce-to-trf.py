#!/usr/bin/env python3
"""Writes one tournament of a Sharly Chess event database (.sce, SQLite) as TRF-16.

usage: sce2trf.py EVENT.sce TOURNAMENT_ID OUT.trf

This is how the sharly-event files of this folder were made (SOURCES.md). It runs nothing of
Sharly Chess: it reads the tables the program keeps (tournament, player, tournament_player,
pairing, board, info) and maps them as Sharly Chess's own TRF export does
(src/data/player.py Player.to_trf, src/data/pairing.py Pairing.to_trf,
src/data/input_output/trf/trf_mappers.py TrfResult, TrfColor, TrfPlayerTitle), except that
it writes no birth dates and no 192 record, ranks by points then pairing number (the rank
column; no tool here reads it), and keeps a blank result in its column. Before anything is
written, every game is checked from both sides: the same board, one player White and the
other Black, results that answer each other (1 and 0, = and =, + and -, - and -).
"""
import json
import sqlite3
import sys
from datetime import datetime, timezone

# utils/enum.py Result
NO_RESULT, LOSS, DRAW, WIN, FL, DF, FW, ZPB, HPB, PAB, FPB, UL, UD, UW, REST = range(15)
TRF = {LOSS: '0', DRAW: '=', WIN: '1', UL: 'L', UD: 'D', UW: 'W', FL: '-', FW: '+',
       HPB: 'H', FPB: 'F', PAB: 'U', ZPB: 'Z', DF: '-', REST: ' ', NO_RESULT: ' '}
POINTS = {NO_RESULT: 0, LOSS: 0, DRAW: 0.5, WIN: 1, FL: 0, DF: 0, FW: 1, ZPB: 0, HPB: 0.5,
          PAB: 1, FPB: 1, UL: 0, UD: 0.5, UW: 1, REST: 0}
OPPOSITE = {WIN: LOSS, LOSS: WIN, DRAW: DRAW, FW: FL, FL: FW, DF: DF, UW: UL, UL: UW, UD: UD,
            NO_RESULT: NO_RESULT}
BYES = {ZPB, HPB, PAB, FPB, REST}
# PlayerTitle, stored as its index in older databases and as its value in newer ones.
TITLES = ['', 'cf', 'c', 'ff', 'f', 'mf', 'm', 'gf', 'g']
TITLE_VALUES = {'': '', 'WCM': 'cf', 'CM': 'c', 'WFM': 'ff', 'FM': 'f', 'WIM': 'mf', 'IM': 'm',
                'WGM': 'gf', 'GM': 'g'}


def trim(rounds):
    # Rounds without a pairing at the end of the line are left out; every other round keeps
    # its ten columns, a blank result included (bbpPairings reads no shorter field).
    rounds = list(rounds)
    while rounds and not rounds[-1].strip():
        rounds.pop()
    return rounds


def cols(db, table):
    return [r[1] for r in db.execute(f'pragma table_info({table})')]


def day(v):
    if v is None or v == '':
        return ''
    if isinstance(v, (int, float)):
        return datetime.fromtimestamp(v, timezone.utc).strftime('%Y/%m/%d')
    return v.replace('-', '/')


def main(path, tid, out):
    db = sqlite3.connect(path)
    db.row_factory = sqlite3.Row
    info = db.execute('select * from info').fetchone()
    t = db.execute('select * from tournament where id=?', (tid,)).fetchone()
    tcols = t.keys()
    icols = info.keys()
    start = t['start_date'] if 'start_date' in tcols and t['start_date'] else None
    stop = t['stop_date'] if 'stop_date' in tcols and t['stop_date'] else None
    if start is None:
        start = t['start'] if 'start' in tcols and t['start'] else (
            info['start_date'] if 'start_date' in icols else info['start'])
    if stop is None:
        stop = t['stop'] if 'stop' in tcols and t['stop'] else (
            info['stop_date'] if 'stop_date' in icols else info['stop'])
    players = db.execute(
        'select p.*, tp.pairing_number pn from player p join tournament_player tp '
        'on tp.player_id=p.id where tp.tournament_id=? order by tp.pairing_number', (tid,)).fetchall()
    pn = {p['id']: p['pn'] for p in players}
    n = len(players)
    assert sorted(pn.values()) == list(range(1, n + 1)), 'pairing numbers not 1..N'
    rows = db.execute(
        'select p.player_id, p.round, p.result, p.board_id, b.white_player_id w, b.black_player_id b '
        'from pairing p left join board b on b.id=p.board_id where p.tournament_id=?', (tid,)).fetchall()
    # The rounds played, as Sharly Chess exports them after the last round with results
    # (Player.to_trf(after_round)): a round paired but not played, and byes announced for later
    # rounds, are left out.
    last = max(r['round'] for r in rows
               if r['board_id'] is not None and r['b'] is not None and r['result'] != NO_RESULT)
    assert not [r for r in rows if r['round'] <= last and r['result'] == NO_RESULT], 'a game without result'
    byplayer = {}
    for r in rows:
        assert r['player_id'] in pn, 'pairing of a player not in the tournament'
        byplayer[(r['player_id'], r['round'])] = r
    # Every game from both sides: same board, opposite results, one White and one Black.
    games = 0
    for (pid, rnd), r in byplayer.items():
        if r['board_id'] is None or r['b'] is None:
            assert r['result'] in BYES, f'player {pn[pid]} round {rnd}: result {r["result"]} without opponent'
            continue
        assert pid in (r['w'], r['b']), f'player {pn[pid]} round {rnd}: not on board'
        opp = r['b'] if pid == r['w'] else r['w']
        o = byplayer.get((opp, rnd))
        assert o is not None and o['board_id'] == r['board_id'], f'player {pn[pid]} round {rnd}: opponent row'
        assert OPPOSITE[r['result']] == o['result'], f'player {pn[pid]} round {rnd}: {r["result"]} vs {o["result"]}'
        games += 1
    assert games % 2 == 0
    rating_key = str(t['rating'])
    lines = []
    name = t['name'] if info['name'] in t['name'] else f"{info['name']} - {t['name']}"
    location = (t['location'] if 'location' in tcols and t['location'] else None) or info['location']
    rr = (t['pairing'] or '').startswith('ROUND_ROBIN')
    recs = []
    missing = []
    for p in players:
        rounds = []
        pts = 0.0
        for rnd in range(1, last + 1):
            r = byplayer.get((p['id'], rnd))
            if r is None:
                missing.append((p['pn'], rnd))
                rounds.append('          ')
                continue
            res = r['result']
            pts += POINTS[res]
            if r['board_id'] is None or r['b'] is None:
                rounds.append(f'  0000 - {TRF[res]}')
                continue
            white = r['w'] == p['id']
            opp = r['b'] if white else r['w']
            rounds.append(f"  {pn[opp]:4d} {'w' if white else 'b'} {TRF[res]}")
        recs.append((p, pts, rounds))
    order = sorted(recs, key=lambda x: (-x[1], x[0]['pn']))
    rank = {x[0]['pn']: i + 1 for i, x in enumerate(order)}
    rated = 0
    plines = []
    for p, pts, rounds in recs:
        ratings = json.loads(p['ratings'] or '{}')
        rating = ratings.get(rating_key, {}).get('fide', 0) or 0
        if rating:
            rated += 1
        g = p['gender']
        sex = {2: 'm', 1: 'w', 'M': 'm', 'F': 'w'}.get(g, ' ')
        ti = p['title']
        title = TITLES[ti] if isinstance(ti, int) else TITLE_VALUES[ti or '']
        pname = (p['last_name'] + (f", {p['first_name']}" if p['first_name'] else ''))[:32]
        fid = p['fide_id'] or ''
        fed = p['federation'] or ''
        rtext = f'{rating:4d}' if rating else '    '
        plines.append((f"001 {p['pn']:4d} {sex}{title:>3} {pname:<33} {rtext} {fed:3} {str(fid):>11} {'':10} "
                      f"{pts:4.1f} {rank[p['pn']]:4d}" + ''.join(trim(rounds))))
    lines.append(f'012 {name}')
    lines.append(f'022 {location}')
    lines.append(f"032 {info['federation']}")
    lines.append(f'042 {day(start)}')
    lines.append(f'052 {day(stop)}')
    lines.append(f'062 {n}')
    lines.append(f'072 {rated}')
    lines.append('092 Individual: ' + ('Round-Robin' if rr else 'Swiss-System'))
    lines.append(f"XXR {t['rounds']}")
    lines += plines
    with open(out, 'w', encoding='utf-8', newline='') as f:
        f.write('\n'.join(lines) + '\n')
    print(f'{out}: not paired in a round: {missing}', file=sys.stderr)
    print(f'{out}: {n} players, {last} rounds, {games // 2} games checked from both sides', file=sys.stderr)


if __name__ == '__main__':
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3])
