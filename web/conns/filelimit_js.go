package conns

// FileLimit: a server run in the browser (the offline build) has no open-files limit.
func FileLimit() int { return 0 }
