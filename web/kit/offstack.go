package kit

// offStack runs fn on one of a few long-lived workers and waits for it, or runs it here
// when every worker is busy. Drawing a view goes deep (the templates, the catalogs): on a
// live stream's goroutine, which then waits hours for its table's next change, it would
// grow that goroutine's stack, thousands of times over; on a worker it grows a stack
// that every stream shares.
func offStack(fn func()) {
	j := offStackJob{fn: fn, done: make(chan struct{})}
	select {
	case offStackWorkers <- j:
		<-j.done
	default:
		fn()
	}
}

type offStackJob struct {
	fn   func()
	done chan struct{}
}

// offStackWorkers are the workers, waiting for a job; as many as views drawn at once.
var offStackWorkers = func() chan offStackJob {
	c := make(chan offStackJob)
	for range 16 {
		go func() {
			for j := range c {
				j.fn()
				close(j.done)
			}
		}()
	}
	return c
}()
