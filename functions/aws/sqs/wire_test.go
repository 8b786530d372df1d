package sqs

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"madang/functions/room"
)

// TestWire sends through the real SQS client to a fake endpoint speaking SQS's JSON protocol,
// checking what goes on the wire: the SendMessage target, queue URL, body and DelaySeconds.
func TestWire(t *testing.T) {
	var got struct {
		QueueUrl     string
		MessageBody  string
		DelaySeconds int
	}
	target := ""
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		target = r.Header.Get("X-Amz-Target")
		b, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(b, &got); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		sum := md5.Sum([]byte(got.MessageBody))
		w.Header().Set("Content-Type", "application/x-amz-json-1.0")
		_ = json.NewEncoder(w).Encode(map[string]string{"MessageId": "m-1", "MD5OfMessageBody": hex.EncodeToString(sum[:])})
	}))
	defer srv.Close()
	client := sqs.New(sqs.Options{Region: "eu-west-1", BaseEndpoint: aws.String(srv.URL),
		Credentials: credentials.NewStaticCredentialsProvider("k", "s", "")})
	q := "https://sqs.eu-west-1.amazonaws.com/123456789012/madang-DelayQueue"
	a := room.Delayed{Room: "k3v9", Version: 9, Kind: "away"}
	if err := New(client, q).After(context.Background(), 45*time.Second, a); err != nil {
		t.Fatal(err)
	}
	if target != "AmazonSQS.SendMessage" || got.QueueUrl != q || got.DelaySeconds != 45 {
		t.Fatalf("sent %s %+v, want SendMessage to %s with DelaySeconds 45", target, got, q)
	}
	if d, err := Decode(got.MessageBody); err != nil || d != a {
		t.Fatalf("body %q decodes to %+v, %v", got.MessageBody, d, err)
	}
}
