// Package misere plays impartial games under misère play.
package misere
