package table

// A Refusal is a change that a table's rules refuse, said as the catalogs say it: the
// message's id and its arguments (the handler says it in the request's language), and
// what kind of refusal it is, which the reply's status follows.
type Refusal struct {
	Kind Kind
	ID   string // the catalog's message id: "diamant.error.form"
	Args []any  // its arguments: "Name", "Ada"
}

// Kind is what kind of refusal a Refusal is.
type Kind int

// Kinds of refusals.
const (
	// BadForm: the request is no form a page sends (a seat that does not exist).
	BadForm Kind = iota
	// Conflict: the table is not in a state to take the change (the seats are full, the
	// game started).
	Conflict
	// Invalid: a well-formed request with a value the rules refuse (a name taken).
	Invalid
	// Forbidden: the device may not make the change (only the host may).
	Forbidden
)

// Refuse is a refusal of kind k, said by message id with its arguments.
func Refuse(k Kind, id string, args ...any) *Refusal { return &Refusal{Kind: k, ID: id, Args: args} }

func (r *Refusal) Error() string { return "table: refused: " + r.ID }

// Said is the refusal with its arguments as say says them (a game's value, a colour, in
// the request's language), for the handler to say it; r is left as it is.
func (r *Refusal) Said(say func(any) any) *Refusal {
	out := *r
	out.Args = make([]any, len(r.Args))
	for i, a := range r.Args {
		out.Args[i] = say(a)
	}
	return &out
}
