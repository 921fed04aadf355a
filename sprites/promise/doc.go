// Package promise waits for a browser's promises from Go (in js/wasm
// builds; elsewhere it is empty).
package promise
