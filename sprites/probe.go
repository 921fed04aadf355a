package sprites

import "github.com/krieg/krieg/sprites/scene"

// Scene returns the scene drawn last, and Frame the state it was built
// from, for a test hook that reads them between frames (a page's, where
// the window runs in a browser and tests cannot reach in otherwise).
func (a *App) Scene() *scene.Scene { return &a.scene }

// Frame returns the window's state; see Scene.
func (a *App) Frame() *scene.Frame { return &a.frame }
