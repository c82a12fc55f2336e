package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRepairSeats(t *testing.T) {
	host := func(seats ...int) Device { return Device{ID: "h", Seats: seats, Host: true} }
	dev := func(id string, seats ...int) Device { return Device{ID: id, Seats: seats} }
	tests := []struct {
		name     string
		devices  []Device
		n        int
		want     []Device
		repaired bool
	}{
		{"agrees", []Device{host(0, 2), dev("b", 1), dev("c")}, 3, []Device{host(0, 2), dev("b", 1), dev("c")}, false},
		{"no devices", nil, 3, nil, false},
		{"a seat that does not exist", []Device{host(0, 3), dev("b", 1), dev("c", 2)}, 3,
			[]Device{host(0), dev("b", 1), dev("c", 2)}, true},
		{"a seat nobody holds goes to the host", []Device{host(0), dev("b", 1)}, 3,
			[]Device{host(0, 2), dev("b", 1)}, true},
		{"a seat held twice stays with its first holder", []Device{host(0, 1), dev("b", 1, 2)}, 3,
			[]Device{host(0, 1), dev("b", 2)}, true},
		{"no host: the first device", []Device{dev("a", 0), dev("b", 1)}, 3,
			[]Device{{ID: "a", Seats: []int{0, 2}, Host: true}, dev("b", 1)}, true},
		{"two hosts: the first", []Device{host(0), {ID: "x", Seats: []int{1}, Host: true}}, 2,
			[]Device{host(0), dev("x", 1)}, true},
		{"negative seat", []Device{host(-1, 0)}, 1, []Device{host(0)}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := cloneDevices(tt.devices)
			got, repaired := RepairSeats(tt.devices, AllSeats(tt.n))
			require.Equal(t, tt.repaired, repaired)
			for i := range got {
				if len(got[i].Seats) == 0 {
					got[i].Seats = nil
				}
			}
			require.Equal(t, tt.want, got)
			require.Equal(t, before, tt.devices, "never changed in place")
		})
	}
}

func cloneDevices(devices []Device) []Device {
	if devices == nil {
		return nil
	}
	out := make([]Device, len(devices))
	for i, d := range devices {
		d.Seats = append([]int(nil), d.Seats...)
		out[i] = d
	}
	return out
}

func TestRemoveSeat(t *testing.T) {
	devices := []Device{{ID: "h", Seats: []int{0, 2, 3}, Host: true}, {ID: "b", Seats: []int{1, 4}}, {ID: "c"}}
	out := RemoveSeat(devices, 2)
	require.Equal(t, []Device{{ID: "h", Seats: []int{0, 2}, Host: true}, {ID: "b", Seats: []int{1, 3}}, {ID: "c", Seats: []int{}}}, out)
	require.Equal(t, []int{0, 2, 3}, devices[0].Seats, "the devices handed in are not changed")
	require.Equal(t, []int{}, WithoutSeat(nil, 0), "never nil")
	require.Equal(t, []int{0, 1}, WithoutSeat([]int{0, 1}, 5))
}

func TestClaim(t *testing.T) {
	devices := []Device{{ID: "h", Seats: []int{0, 1, 2}, Host: true}, {ID: "b", Seats: []int{3}}}
	out, err := Claim(devices, []int{0}, 2, "c")
	require.NoError(t, err)
	require.Equal(t, []Device{{ID: "h", Seats: []int{0, 1}, Host: true}, {ID: "b", Seats: []int{3}}, {ID: "c", Seats: []int{2}}}, out)
	for _, seat := range []int{0, 3, 4, -1} { // kept by the host, another phone's, none
		_, err := Claim(devices, []int{0}, seat, "c")
		var r *Refusal
		require.ErrorAs(t, err, &r, "seat %d", seat)
		require.Equal(t, Refusal{Kind: Conflict, ID: "join.error.taken"}, *r)
	}
}
