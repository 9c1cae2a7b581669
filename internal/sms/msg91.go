// Package sms sends the shop's one kind of text, a one-time code to sign
// in, through an Indian SMS provider: MSG91. (In development texts go to a
// file outbox instead, mail.TextOutbox.) Texts are queued in the mail
// outbox with the change that causes them and sent by mail.Sender, which
// retries a failed one.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/haat-shop/haat/internal/mail"
)

// MSG91Config is the MSG91 account the shop texts with. India's DLT rules
// let a business send only texts it has registered, so the text itself is a
// template kept at MSG91 (a "flow"), approved there with its sender id; the
// shop sends the template's id and its variables: ##otp##, the code, and
// ##minutes##, how long it is valid.
type MSG91Config struct {
	AuthKey    string
	TemplateID string
	// APIBase is MSG91's API address; tests point it at a stand-in.
	APIBase string
	// HTTP is the client to call with; nil means one with a 10 s timeout.
	HTTP *http.Client
}

// MSG91 sends texts through MSG91's Flow API.
type MSG91 struct {
	cfg  MSG91Config
	http *http.Client
}

// NewMSG91 returns the MSG91 adapter for cfg.
func NewMSG91(cfg MSG91Config) *MSG91 {
	if cfg.APIBase == "" {
		cfg.APIBase = "https://control.msg91.com"
	}
	client := cfg.HTTP
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	return &MSG91{cfg: cfg, http: client}
}

type flowRecipient struct {
	Mobiles string `json:"mobiles"`
	OTP     string `json:"otp"`
	Minutes string `json:"minutes"`
}

type flowRequest struct {
	TemplateID string          `json:"template_id"`
	ShortURL   string          `json:"short_url"`
	Recipients []flowRecipient `json:"recipients"`
}

// SendCode implements mail.Texter. MSG91 answers {"type": "success"} when
// it has taken the text, and {"type": "error", "message": …} (at times with
// status 200) when not. A failure is retried by the outbox; the error never
// holds the code.
func (m *MSG91) SendCode(ctx context.Context, mobile string, t mail.CodeText) error {
	body, err := json.Marshal(flowRequest{TemplateID: m.cfg.TemplateID, ShortURL: "0", Recipients: []flowRecipient{
		// MSG91 wants the number with India's country code, without a plus.
		{Mobiles: "91" + mobile, OTP: t.Code, Minutes: strconv.Itoa(t.Minutes)},
	}})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.cfg.APIBase+"/api/v5/flow", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("authkey", m.cfg.AuthKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := m.http.Do(req)
	if err != nil {
		return fmt.Errorf("msg91: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	var answer struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	}
	_ = json.Unmarshal(raw, &answer)
	if resp.StatusCode >= 300 || answer.Type != "success" {
		return fmt.Errorf("msg91 refused the text: status %d, %s: %s", resp.StatusCode, answer.Type, answer.Message)
	}
	return nil
}
