module madang

go 1.26

require (
	github.com/coder/websocket v1.8.15
	go.etcd.io/bbolt v1.5.0
)

require golang.org/x/sys v0.45.0 // indirect
