package say

import (
	"strings"

	"tavolo/companion/donaz"
	"tavolo/i18n"
)

// The sentences Donaz's server says: the setup under the clock's title and in its form.
// The clock's own announcements are the browser's (timewords.js), from the same catalogs.

// DonazDuration says a whole number of seconds as the setup's warnings name them:
// "5 minutes", "1 minute", "30 seconds".
func DonazDuration(l *i18n.Localizer, seconds int) string {
	if seconds >= 60 && seconds%60 == 0 {
		return l.N("time.minutes", seconds/60)
	}
	return l.N("time.seconds", seconds)
}

// DonazSummary is the setup in sentences, as the clock shows it under its title: the
// time per team (or each team's), the time control, the warnings when they are not the
// usual ones, the pause when put away. It gives the first two apart as well.
func DonazSummary(l *i18n.Localizer, setup donaz.Setup, names [2]string) (budget, control, all string) {
	if setup.Untimed {
		return l.T("donaz.time.untimed"), "", l.T("donaz.time.untimed")
	}
	if setup.Handicap() {
		budget = l.T("donaz.clock.budgets",
			"Team1", names[0], "Time1", l.N("time.minutes", setup.TeamMinutes(0)),
			"Team2", names[1], "Time2", l.N("time.minutes", setup.TeamMinutes(1)))
	} else {
		budget = l.T("donaz.clock.budget", "Time", l.N("time.minutes", setup.Minutes))
	}
	switch {
	case setup.Control == donaz.ControlIncrement && setup.Increment > 0:
		control = l.N("donaz.clock.increment", setup.Increment)
	case setup.Control == donaz.ControlDelay && setup.Delay > 0:
		control = l.N("donaz.clock.delay", setup.Delay)
	case setup.Control == donaz.ControlBronstein && setup.Delay > 0:
		control = l.N("donaz.clock.bronstein", setup.Delay)
	}
	parts := []string{budget}
	if control != "" {
		parts = append(parts, control)
	}
	if !setup.DefaultAlerts() {
		parts = append(parts, DonazAlerts(l, setup))
	}
	if setup.PauseHidden {
		parts = append(parts, l.T("donaz.clock.pauseHidden"))
	}
	return budget, control, strings.Join(parts, " ")
}

// DonazAlerts says the chosen warnings: "Warnings at 5 minutes, at 1 minute and at 10
// seconds left, then the last 5 seconds counted." The list has its own joiners
// (donaz.alerts.sep, donaz.alerts.and), never the word that joins minutes and seconds:
// "2 minutes and 10 seconds" would be heard as one time, 2:10.
func DonazAlerts(l *i18n.Localizer, setup donaz.Setup) string {
	times := make([]string, len(setup.Alerts))
	for i, a := range setup.Alerts {
		times[i] = DonazDuration(l, a)
	}
	switch {
	case len(times) == 0 && setup.Count:
		return l.T("donaz.clock.countOnly")
	case len(times) == 0:
		return l.T("donaz.clock.noAlerts")
	case setup.Count:
		return l.N("donaz.clock.alertsCount", len(times), "Times", alertList(l, times))
	}
	return l.N("donaz.clock.alerts", len(times), "Times", alertList(l, times))
}

// alertList joins the warnings' times so that no two can be heard as one.
func alertList(l *i18n.Localizer, times []string) string {
	return List(l, times, "donaz.alerts.sep", "donaz.alerts.and")
}
