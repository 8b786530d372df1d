// Package store holds the implementations of the room service's Store port
// (functions/room.Store): embedded (a bbolt file and its write-ahead log, the local
// default), memory (tests) and, on branch aws, dynamodb. storetest is the contract suite
// every store must pass.
package store
