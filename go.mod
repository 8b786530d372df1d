module madang

go 1.26

require go.etcd.io/bbolt v1.5.0

require (
	github.com/coder/websocket v1.8.15 // indirect
	golang.org/x/sys v0.45.0 // indirect
)
