package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/examples/internal/clip"
	"github.com/impartial-go/impartial/rulesets"
)

// gameError is the usage error for a -game spec that the catalogue
// refused: the spec is quoted once, then what is wrong with it, naming
// the bad part only when it is not the whole spec.
func gameError(spec string, err error) error {
	return fmt.Errorf("%w: -game %s: %s", errUsage, clip.Quote(spec), clip.Message(specMessage(spec, err)))
}

// specMessage is what err says about spec, without the spec itself: a
// *rulesets.SyntaxError names the part of spec it read (when not the
// whole), then the bad token (when not that whole part) and its position.
func specMessage(spec string, err error) string {
	var se *rulesets.SyntaxError
	if errors.As(err, &se) && se.Error() == err.Error() {
		var parts []string
		if se.Spec != spec {
			parts = append(parts, clip.Quote(se.Spec))
		}
		if se.Token != "" && se.Token != se.Spec {
			where := clip.Quote(se.Token)
			if se.Pos > 0 {
				where += " at position " + strconv.Itoa(se.Pos)
			}
			parts = append(parts, where)
		}
		return strings.Join(append(parts, se.Msg), ": ")
	}
	msg := strings.TrimPrefix(err.Error(), "rulesets: ")
	return strings.TrimPrefix(msg, strconv.Quote(spec)+": ")
}
