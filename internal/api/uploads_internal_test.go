package api

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/media"
)

// An upload whose own time runs out says so, not that the server is busy
// with other images: nothing else holds the only slot here.
func TestUploadPastItsTimeSaysItTookTooLong(t *testing.T) {
	var pic, body bytes.Buffer
	if err := png.Encode(&pic, image.NewRGBA(image.Rect(0, 0, 800, 600))); err != nil {
		t.Fatal(err)
	}
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("image", "tee.png")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(pic.Bytes())
	_ = mw.Close()
	s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil)), media: media.NewStore(media.Dir(t.TempDir()), 1)}
	// The request's time is over before its work starts: the deadline the
	// upload sets itself inherits that.
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	r := httptest.NewRequestWithContext(ctx, "POST", "/api/upload", &body)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	w := httptest.NewRecorder()
	s.upload(w, r, nil)
	var got errorBody
	_ = json.Unmarshal(w.Body.Bytes(), &got)
	if w.Code != 503 || got.Message != media.ErrTooSlow.Error() {
		t.Errorf("upload past its time: %d %q, want 503 %q", w.Code, got.Message, media.ErrTooSlow.Error())
	}
}
