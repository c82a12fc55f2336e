//go:build !unix

package main

// keepStacks does nothing where a program cannot start itself again in place.
func keepStacks() {}
