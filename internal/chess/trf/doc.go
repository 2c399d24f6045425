// Package trf reads and writes tournament report files in the FIDE Data Exchange Format,
// version 2026 (TRF-2026, FIDE Handbook C.04 Annex 2): the plain-text, fixed-column format in
// which pairing programs, tie-break checkers and rating officers exchange a tournament.
//
// A file is a list of lines whose first three characters say what the line is. This package
// gives the lines it knows a typed form:
//
//   - the tournament section: 012 name, 022 city, 032 federation, 042 and 052 start and end
//     dates, 062, 072 and 082 numbers of players, rated players and teams, 092 type, 102
//     chief arbiter, 112 deputy arbiters (one line each), 122 time control, 132 round dates
//     (one per round, in the rounds' columns), 142 number of rounds and 152 initial colour
//     (W or B);
//   - the pairing engines' tags XXR (total number of rounds) and XXC (initial colour,
//     "white1" or "black1", and JaVaFo's "rank"), older forms of 142 and 152: a file may give
//     both forms, and then they must agree;
//   - player lines (001), with every round as a chess.Round.
//
// Every other line (comments "###", blank lines, tags such as 162, 192, XXA, team and bye
// records) is kept as it was read and written back in its place. Three kinds of them have
// readers of their own: the accelerated rounds of record 250 (Tournament.Accelerations and
// SetAccelerations), the records that give the points of the results (162, bbpPairings' BBW,
// BBD, BBL, BBZ, BBF, BBU and JaVaFo's XXS; Tournament.PointSystem and SetPointSystem), and
// the team records 013 and 310, whose presence Tournament.IsTeam reports.
//
// A file is read as its program wrote it: the spellings of TRF-16 and TRF-2026 and those of
// Swiss-Manager, lichess, JaVaFo, bbpPairings and Sharly Chess each have one meaning, the one
// bbpPairings and TieBreakServer give them (docs/ARBITERS.md has the table). Swiss-Manager's
// "0000 - +" is the pairing-allocated bye and its "0000 - -" an unpaired round, a blank
// opponent field is no opponent, forfeits may be written without colours, record 062 may give
// who played in parentheses ("129 (88)"), XXC may say "rank", round dates may start late in
// their columns. Dates, titles and sexes are kept as written; ParseDate, FIDETitle and SexOf
// read their many spellings. Write gives back every line whose value has not changed byte for
// byte (spelling, columns, line end and encoding), so a file read and written again is the
// file read; a line whose value has changed, or a Tournament built in code, is written in the
// canonical spelling, which reads back to the same values.
//
// Reading is strict, because a tie-break or a pairing computed from a damaged file is wrong
// without anyone noticing: every error is a *SyntaxError naming the line and the column.
// Besides each line's own layout, Read checks that the players' rounds agree with each other
// (C.04 Annex 2, player section): an opponent exists and names the player back in that round,
// with the other colour and a matching result; a bye has no opponent and no colour; at most
// one pairing-allocated bye per round.
//
// Limits, enforced by Read: start ranks 1 to 9999 (the format's four columns), at most
// MaxRounds rounds, so a line has at most 91 + 10·MaxRounds characters. Read keeps the whole
// tournament in memory; a caller reading from the network limits the input's size first, and
// reads with ReadLimited, which bounds the number of lines and their length.
//
// Text is UTF-8; a line that is not valid UTF-8 is read as Windows-1252 (one character per
// byte; Latin-1 but for 0x80-0x9F), as Windows programs write it. Columns count characters,
// not bytes. Line ends may be LF, CR LF or CR (the format's own), and a UTF-8 byte order mark
// may come first; each is written back as read, and new lines take the first line end read.
package trf
