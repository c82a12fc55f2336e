package say

import (
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/donaz"
)

func TestDonazSummaryAndAlerts(t *testing.T) {
	ls := localizers(t)
	chosen := donaz.Setup{Minutes: 5, Alerts: []int{300, 60, 10}, Count: true}
	require.Equal(t, "Warnings at 5 minutes, at 1 minute and at 10 seconds left, then the last 5 seconds counted.", DonazAlerts(ls["en"], chosen))
	require.Equal(t, "Avertissements à 5 minutes, à 1 minute et à 10 secondes de la fin, puis le compte des 5 dernières secondes.", DonazAlerts(ls["fr"], chosen))
	require.Equal(t, "Upozornenia pri zostávajúcom čase: 5 minút, potom 1 minúta, potom 10 sekúnd; nakoniec odpočítavanie posledných 5 sekúnd.", DonazAlerts(ls["sk"], chosen))

	one := donaz.Setup{Minutes: 10, Alerts: []int{30}, PauseHidden: true}
	budget, control, all := DonazSummary(ls["it"], one, [2]string{"A", "B"})
	require.Equal(t, "10 minuti per squadra.", budget)
	require.Empty(t, control)
	require.Equal(t, "10 minuti per squadra. Un avviso a 30 secondi dalla fine. L'orologio va in pausa quando Tavolo passa in secondo piano.", all)

	require.Equal(t, "2 minutes", DonazDuration(ls["en"], 120))
	require.Equal(t, "90 seconds", DonazDuration(ls["en"], 90))
}
