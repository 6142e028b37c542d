package misere

// DefaultMaxElements bounds the order of a computed misère quotient.
const DefaultMaxElements = 1 << 12

// Progress reports the advance of a quotient computation.
type Progress struct{}
