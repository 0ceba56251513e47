package ai

// Assistant is the configured engine's customer-service assistant, or the
// keyword one when the engine has none.
func (s *Service) Assistant() Assistant {
	if a, ok := s.engine.(Assistant); ok {
		return a
	}
	return Keywords{}
}
