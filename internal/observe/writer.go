package observe

import "net/http"

// recorder notes the status and the body bytes of an answer for the access log and the
// metrics. Unwrap lets http.ResponseController reach the connection's writer, for the live
// streams' flushes and write deadlines.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
	// idHeader backs the X-Request-ID header's value (len == cap, so an Add copies).
	idHeader [1]string
}

func (w *recorder) WriteHeader(code int) {
	// 1xx answers (such as 103 Early Hints) are not the final status.
	if w.status == 0 && code >= 200 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *recorder) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(p)
	w.bytes += int64(n)
	return n, err
}

// Flush passes a flush on, for handlers that ask for http.Flusher directly.
func (w *recorder) Flush() {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

func (w *recorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }
