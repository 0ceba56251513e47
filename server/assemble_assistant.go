package server

import (
	"log/slog"

	"souk/app/ai"
	"souk/app/assistant"
	"souk/app/catalog"
	"souk/app/chat"
	"souk/app/config"
	"souk/app/i18n"
	"souk/ent"
)

// startAssistant makes customer service's assistant hear shoppers' messages,
// with the AI layer's engine (the endpoint's when configured).
func startAssistant(cfg config.Config, db *ent.Client, cat *catalog.Service, chats *chat.Service, aiSvc *ai.Service,
	strs *i18n.Catalogs, log *slog.Logger) *assistant.Service {
	a := assistant.New(db, assistant.Options{Chat: chats, Cat: cat, Engine: aiSvc.Assistant(), T: strs.T,
		Timeout: cfg.AITimeout, Log: log})
	a.Listen()
	return a
}
