module github.com/krieg/krieg

go 1.26.8

require (
	github.com/ebitengine/gomobile v0.0.0-20250923094054-ea854a63cce1 // indirect
	github.com/ebitengine/hideconsole v1.0.0 // indirect
	github.com/ebitengine/purego v0.9.0 // indirect
	github.com/hajimehoshi/ebiten/v2 v2.9.10 // indirect
	github.com/jezek/xgb v1.1.1 // indirect
	github.com/notnil/chess v1.10.0 // indirect
	golang.org/x/image v0.43.0 // indirect
	golang.org/x/sync v0.21.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/term v0.47.0 // indirect
)
