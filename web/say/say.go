// Package say builds every sentence Tavolo says: pure functions from a game's state or
// events and a localizer to whole sentences, shown on the page, put in the live regions
// and spoken. No HTTP, no page: the same sentences serve a screen, a reply and a test.
package say

// Sentence is one thing to announce, and how.
type Sentence struct {
	Text      string `json:"text"`
	Assertive bool   `json:"assertive,omitempty"` // an alarm: said at once, over what is being said
	Sound     string `json:"sound,omitempty"`     // the sound that goes with it, if any
}
