//go:build !linux

package donuts

import "time"

// threadCPU is not measured on this system.
func threadCPU() time.Duration { return 0 }

func lockThread() func() { return func() {} }
