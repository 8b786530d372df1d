//go:build js && wasm

package jsapi

// Decode is decode for the external tests (package jsapi_test, which may import the family
// views that import jsapi).
var Decode = decode
