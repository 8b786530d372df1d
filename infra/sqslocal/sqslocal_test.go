package sqslocal

import (
	"context"
	"errors"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	sqsapi "github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"madang/functions/aws/sqs"
	"madang/functions/room"
)

// client is the real aws-sdk-go-v2 client on the test double.
func client(t *testing.T) (*Server, *sqsapi.Client) {
	t.Helper()
	s := New()
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	c := sqsapi.New(sqsapi.Options{Region: "us-east-1", BaseEndpoint: aws.String(srv.URL),
		Credentials: credentials.NewStaticCredentialsProvider("x", "y", "")})
	return s, c
}

func createQueue(t *testing.T, c *sqsapi.Client, name string, attrs map[string]string) string {
	t.Helper()
	out, err := c.CreateQueue(context.Background(), &sqsapi.CreateQueueInput{QueueName: aws.String(name), Attributes: attrs})
	if err != nil {
		t.Fatal(err)
	}
	return *out.QueueUrl
}

func receive(t *testing.T, c *sqsapi.Client, url string, wait int32) []types.Message {
	t.Helper()
	out, err := c.ReceiveMessage(context.Background(), &sqsapi.ReceiveMessageInput{QueueUrl: aws.String(url), MaxNumberOfMessages: 10, WaitTimeSeconds: wait,
		MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameAll}})
	if err != nil {
		t.Fatal(err)
	}
	return out.Messages
}

func TestDelayedMessageThroughScheduler(t *testing.T) {
	_, c := client(t)
	ctx := context.Background()
	url := createQueue(t, c, "delay", map[string]string{"VisibilityTimeout": "30"})
	// The functions' own scheduler sends through the real client (MD5 checked by the SDK).
	sent := time.Now()
	if err := sqs.New(c, url).After(ctx, 1500*time.Millisecond, room.Delayed{Room: "r1", Version: 3, Kind: "away"}); err != nil {
		t.Fatal(err)
	}
	if got := receive(t, c, url, 0); len(got) != 0 {
		t.Fatalf("a message delayed 2 s was received at once: %v", got)
	}
	var msgs []types.Message
	for len(msgs) == 0 {
		msgs = receive(t, c, url, 5) // long poll: wakes when the delay ends
		if time.Since(sent) > 10*time.Second {
			t.Fatal("the delayed message never arrived")
		}
	}
	if time.Since(sent) < 2*time.Second { // the delay is rounded up to 2 s
		t.Fatalf("received after %v, before its 2 s delay", time.Since(sent))
	}
	d, err := sqs.Decode(*msgs[0].Body)
	if err != nil || d.Room != "r1" || d.Kind != "away" || msgs[0].Attributes["ApproximateReceiveCount"] != "1" {
		t.Fatalf("message %+v (%v)", msgs[0], err)
	}
	if _, err := c.DeleteMessage(ctx, &sqsapi.DeleteMessageInput{QueueUrl: aws.String(url), ReceiptHandle: msgs[0].ReceiptHandle}); err != nil {
		t.Fatal(err)
	}
	attrs, err := c.GetQueueAttributes(ctx, &sqsapi.GetQueueAttributesInput{QueueUrl: aws.String(url), AttributeNames: []types.QueueAttributeName{types.QueueAttributeNameAll}})
	if err != nil || attrs.Attributes["ApproximateNumberOfMessages"] != "0" || attrs.Attributes["ApproximateNumberOfMessagesNotVisible"] != "0" {
		t.Fatalf("after delete: %v %v", attrs, err)
	}
	if err := sqs.New(c, url).After(ctx, 901*time.Second, room.Delayed{Room: "r1", Kind: "away"}); err == nil {
		t.Fatal("a delay over 900 s was accepted")
	}
	_, err = c.SendMessage(ctx, &sqsapi.SendMessageInput{QueueUrl: aws.String(url), MessageBody: aws.String("x"), DelaySeconds: 901})
	if err == nil {
		t.Fatal("the server took DelaySeconds 901")
	}
}

func TestVisibilityAndDeadLetter(t *testing.T) {
	_, c := client(t)
	ctx := context.Background()
	dlq := createQueue(t, c, "dlq", nil)
	url := createQueue(t, c, "work", map[string]string{"VisibilityTimeout": "1",
		"RedrivePolicy": `{"deadLetterTargetArn":"` + QueueARN("dlq") + `","maxReceiveCount":2}`})
	if _, err := c.SendMessage(ctx, &sqsapi.SendMessageInput{QueueUrl: aws.String(url), MessageBody: aws.String("job")}); err != nil {
		t.Fatal(err)
	}
	first := receive(t, c, url, 0)
	if len(first) != 1 {
		t.Fatalf("first receive: %v", first)
	}
	if again := receive(t, c, url, 0); len(again) != 0 {
		t.Fatal("an in-flight message was received again")
	}
	// Not deleted: back after its visibility timeout, counted twice.
	second := receive(t, c, url, 5)
	if len(second) != 1 || second[0].Attributes["ApproximateReceiveCount"] != "2" || *second[0].ReceiptHandle == *first[0].ReceiptHandle {
		t.Fatalf("second receive: %+v", second)
	}
	// ChangeMessageVisibility 0 makes it visible at once; received twice already, it goes
	// to the dead-letter queue instead of a third receive.
	if _, err := c.ChangeMessageVisibility(ctx, &sqsapi.ChangeMessageVisibilityInput{QueueUrl: aws.String(url), ReceiptHandle: second[0].ReceiptHandle, VisibilityTimeout: 0}); err != nil {
		t.Fatal(err)
	}
	if third := receive(t, c, url, 0); len(third) != 0 {
		t.Fatalf("received %d times with maxReceiveCount 2", 3)
	}
	dead := receive(t, c, dlq, 0)
	if len(dead) != 1 || *dead[0].Body != "job" {
		t.Fatalf("dead-letter queue: %+v", dead)
	}
	_, err := c.ChangeMessageVisibility(ctx, &sqsapi.ChangeMessageVisibilityInput{QueueUrl: aws.String(url), ReceiptHandle: second[0].ReceiptHandle, VisibilityTimeout: 5})
	var notInflight *types.MessageNotInflight
	if !errors.As(err, &notInflight) {
		t.Fatalf("ChangeMessageVisibility of a moved message: %v", err)
	}
	_, err = c.SendMessage(ctx, &sqsapi.SendMessageInput{QueueUrl: aws.String(url + "x"), MessageBody: aws.String("job")})
	var noQ *types.QueueDoesNotExist
	if !errors.As(err, &noQ) {
		t.Fatalf("send to a missing queue: %v", err)
	}
}

func TestBatchOfTen(t *testing.T) {
	s, c := client(t)
	ctx := context.Background()
	url := createQueue(t, c, "q", nil)
	for i := range 12 {
		if _, err := c.SendMessage(ctx, &sqsapi.SendMessageInput{QueueUrl: aws.String(url), MessageBody: aws.String(strconv.Itoa(i))}); err != nil {
			t.Fatal(err)
		}
	}
	if got := receive(t, c, url, 0); len(got) != 10 || *got[0].Body != "0" {
		t.Fatalf("first batch: %d messages", len(got))
	}
	if got := receive(t, c, url, 0); len(got) != 2 {
		t.Fatalf("second batch: %d messages", len(got))
	}
	if n := s.Calls()["SendMessage"]; n != 12 {
		t.Fatalf("%d SendMessage calls counted, want 12", n)
	}
}
