package donaz

import "tavolo/i18n"

// Duration says a whole number of seconds as the setup's warnings name them:
// "5 minutes", "1 minute", "30 seconds".
func Duration(l *i18n.Localizer, seconds int) string {
	if seconds >= 60 && seconds%60 == 0 {
		return l.N("time.minutes", seconds/60)
	}
	return l.N("time.seconds", seconds)
}
