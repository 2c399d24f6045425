// Package report writes the file a tournament is reported in to FIDE's rating officers and to
// the programs arbiters use (TRF-2026, C.04 Annex 2): the FIDE report of a tournament's Field
// (FIDE), and, for a tournament imported from a file, that file brought up to date
// (UpdateSource), so that every value the club holds as the file gave it is written back as
// the file wrote it. It also reads what a file's player records and dates say, in every
// spelling the trf package reads, as the club keeps them (FIDEOf, DateOf): the import reads
// a file by the same rules its report writes it back by.
//
// Like package tournament it is pure: no database, no HTTP. Package play reads what it needs,
// package web serves its files.
package report
