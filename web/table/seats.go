package table

import (
	"slices"
)

// A table's seats are held by its devices: one device may hold several (one phone for the
// table, or a friend's phone), and one of them is the host's.

// Host is the index of the table's host device (the first, if none is).
func Host(devices []Device) int {
	for i, d := range devices {
		if d.Host {
			return i
		}
	}
	return 0
}

// FreeSeats are the seats another phone may claim: held by the host, and not among the
// seats it keeps (own).
func FreeSeats(own []int, devices []Device) []int {
	if len(devices) == 0 {
		return nil
	}
	var free []int
	for _, seat := range devices[Host(devices)].Seats {
		if !slices.Contains(own, seat) {
			free = append(free, seat)
		}
	}
	slices.Sort(free)
	return free
}

// Holder is the index of the device holding a seat, -1 if none.
func Holder(devices []Device, seat int) int {
	for i, d := range devices {
		if slices.Contains(d.Seats, seat) {
			return i
		}
	}
	return -1
}

// MoveSeat gives a seat to a device (adding the device if new); it returns new devices.
func MoveSeat(devices []Device, seat int, to string) []Device {
	out := make([]Device, 0, len(devices)+1)
	found := false
	for _, d := range devices {
		d.Seats = slices.DeleteFunc(slices.Clone(d.Seats), func(x int) bool { return x == seat })
		if d.ID == to {
			d.Seats, found = append(d.Seats, seat), true
			slices.Sort(d.Seats)
		}
		out = append(out, d)
	}
	if !found {
		out = append(out, Device{ID: to, Seats: []int{seat}})
	}
	return out
}

// SeatSet is a set of seats (0 to 63), as a bit each.
type SeatSet uint64

// AllSeats is the set of seats 0..n-1.
func AllSeats(n int) SeatSet { return 1<<n - 1 }

// Has tells whether the set holds seat x.
func (s SeatSet) Has(x int) bool { return x >= 0 && x < 64 && s&(1<<x) != 0 }

// RepairSeats makes a table's devices agree with the seats people hold at it (all of them,
// or all but the computer's): every such seat held by exactly one device, no device
// holding another, one host. Tables are written whole in one transaction (store.Update),
// so a stored table always agrees; this is for a record written otherwise (by a version
// that wrote a change in two steps, and died between them). Other seats go; a seat held
// twice stays with its first holder (the host first, then in order of arrival); a seat
// nobody holds goes to the host, who can then remove it (lobby), keep it, or hand it out
// again. A table without a host gets its first device as host. It returns devices
// unchanged and false when they agree, and never changes them in place.
func RepairSeats(devices []Device, seats SeatSet) ([]Device, bool) {
	if SeatsAgree(devices, seats) {
		return devices, false
	}
	out := make([]Device, len(devices))
	var held SeatSet
	host := -1
	for i, d := range devices {
		own := []int{}
		for _, x := range d.Seats {
			if seats.Has(x) && !held.Has(x) {
				held |= 1 << x
				own = append(own, x)
			}
		}
		d.Seats = own
		if d.Host {
			if host >= 0 {
				d.Host = false
			} else {
				host = i
			}
		}
		out[i] = d
	}
	if host < 0 && len(out) > 0 {
		host = 0
		out[0].Host = true
	}
	for x := range 64 {
		if seats.Has(x) && !held.Has(x) && host >= 0 {
			out[host].Seats = append(out[host].Seats, x)
		}
	}
	for i := range out {
		slices.Sort(out[i].Seats)
	}
	return out, true
}

// SeatsAgree tells whether every seat of seats is held by exactly one device, no device
// holds another, and exactly one device is the host (a table without devices agrees).
func SeatsAgree(devices []Device, seats SeatSet) bool {
	var held SeatSet
	hosts := 0
	for _, d := range devices {
		if d.Host {
			hosts++
		}
		for _, x := range d.Seats {
			if !seats.Has(x) || held.Has(x) {
				return false
			}
			held |= 1 << x
		}
	}
	return len(devices) == 0 || hosts == 1 && held == seats
}

// WithoutSeat is seats without seat, the seats after it moved down by one: the seats of a
// table whose seat was removed (never nil).
func WithoutSeat(seats []int, seat int) []int {
	out := []int{}
	for _, x := range seats {
		if x > seat {
			out = append(out, x-1)
		} else if x < seat {
			out = append(out, x)
		}
	}
	return out
}

// RemoveSeat takes a seat away from a table: nobody holds it any more, and the seats after
// it move down by one. It returns new devices.
func RemoveSeat(devices []Device, seat int) []Device {
	out := slices.Clone(devices)
	for i := range out {
		out[i].Seats = WithoutSeat(out[i].Seats, seat)
	}
	return out
}

// Claim gives device a free seat (FreeSeats: on the host's phone, not among those it keeps,
// own), as a phone that joins a table takes it. It returns new devices.
func Claim(devices []Device, own []int, seat int, device string) ([]Device, error) {
	if !slices.Contains(FreeSeats(own, devices), seat) {
		return nil, Refuse(Conflict, "join.error.taken")
	}
	return MoveSeat(devices, seat, device), nil
}
