package say

// Verbosity is how much a device's announcements say, a device setting: Full, every
// sentence as a newcomer needs it ("Treasure of 7: 2 diamonds each, and 1 stays on the
// card."), or Brief, the fact alone for a player who knows the game ("7 diamonds: 2 each,
// 1 stays."). A brief sentence is still whole and clear when heard alone. Refusals and
// errors have no brief form: they explain.
type Verbosity uint8

const (
	Full Verbosity = iota
	Brief
)

// The setting's values, as a form and a session keep them.
const (
	VerbosityFull  = "full"
	VerbosityBrief = "brief"
)

// ParseVerbosity reads the setting's value; anything but "brief" is Full.
func ParseVerbosity(s string) Verbosity {
	if s == VerbosityBrief {
		return Brief
	}
	return Full
}

// String is the setting's value.
func (v Verbosity) String() string {
	if v == Brief {
		return VerbosityBrief
	}
	return VerbosityFull
}

// Pick is the message id for this verbosity: brief's when brief.
func (v Verbosity) Pick(full, brief string) string {
	if v == Brief {
		return brief
	}
	return full
}
