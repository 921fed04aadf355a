package controller

import (
	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/controller/boards"
)

// The layers' types, under the names the controller's users know them by.

// Belief is the sound belief B1 (package belief).
type Belief = belief.Belief

// Sampler is the board sampler B2 (package boards).
type Sampler = boards.Sampler

// Board is one hidden board B2 holds and its weight.
type Board = boards.Board

// DefaultCapacity is the number of boards B2 holds at most unless Options
// say otherwise.
const DefaultCapacity = boards.DefaultCapacity

// PlayerCapacity is the number of boards a computer player's B2 holds: it
// refreshes them after every answer within its budget for the move, so it
// keeps the 4096 its play was measured with.
const PlayerCapacity = 4096

// Classes lists the enemy piece classes the belief tracks, king first.
var Classes = belief.Classes
