package chessclub

// ScriptSamples and ScriptSamplesGuard are the sample tournaments' statement and the guard
// that MigrateWithSamples replaces, and DatedSamples how it dates them on SQLite, for the
// tests of package chessclub_test.
var (
	ScriptSamples, ScriptSamplesGuard = scriptSamples, scriptSamplesGuard
	DatedSamples                      = datedSamples
)
