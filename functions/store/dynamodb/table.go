package dynamodb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/feature/ec2/imds"
	ddb "github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// NewClient returns a DynamoDB client from the default AWS configuration (environment,
// shared files, Lambda role). With a non-empty endpoint (DynamoDB Local, e.g.
// "http://127.0.0.1:8000") it talks to that URL instead, and when no credentials or region
// are configured it uses fixed local ones, which DynamoDB Local accepts.
func NewClient(ctx context.Context, endpoint string) (*ddb.Client, error) {
	if endpoint == "" {
		cfg, err := config.LoadDefaultConfig(ctx)
		if err != nil {
			return nil, fmt.Errorf("dynamodb: aws config: %w", err)
		}
		return ddb.NewFromConfig(cfg), nil
	}
	// No instance metadata lookups for an explicit endpoint: they only slow a local run down.
	cfg, err := config.LoadDefaultConfig(ctx, config.WithEC2IMDSClientEnableState(imds.ClientDisabled))
	if err != nil {
		return nil, fmt.Errorf("dynamodb: aws config: %w", err)
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
	}
	if cfg.Credentials == nil {
		cfg.Credentials = credentials.NewStaticCredentialsProvider("local", "local", "")
	} else if _, err := cfg.Credentials.Retrieve(ctx); err != nil {
		cfg.Credentials = credentials.NewStaticCredentialsProvider("local", "local", "")
	}
	return ddb.NewFromConfig(cfg, func(o *ddb.Options) {
		o.BaseEndpoint = aws.String(endpoint)
		// DynamoDB Local's CRC32 header does not match its body; the SDK would only log it.
		o.DisableValidateResponseChecksum = true
	}), nil
}

// CreateTable creates the store's table as template.yaml declares it (hash key KeyAttr of
// type S, on-demand billing), waits until it is active and enables TTL on TTLAttr. A table
// that already exists is left as it is. For DynamoDB Local and tests; on AWS the SAM
// template creates the table.
func CreateTable(ctx context.Context, c *ddb.Client, table string) error {
	if table == "" {
		table = DefaultTable
	}
	_, err := c.CreateTable(ctx, &ddb.CreateTableInput{
		TableName:            aws.String(table),
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String(KeyAttr), AttributeType: types.ScalarAttributeType(KeyType)}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String(KeyAttr), KeyType: types.KeyTypeHash}},
		BillingMode:          types.BillingModePayPerRequest,
	})
	var inUse *types.ResourceInUseException
	if errors.As(err, &inUse) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("dynamodb: create table %s: %w", table, err)
	}
	w := ddb.NewTableExistsWaiter(c)
	if err := w.Wait(ctx, &ddb.DescribeTableInput{TableName: aws.String(table)}, time.Minute); err != nil {
		return fmt.Errorf("dynamodb: wait for table %s: %w", table, err)
	}
	_, err = c.UpdateTimeToLive(ctx, &ddb.UpdateTimeToLiveInput{
		TableName:               aws.String(table),
		TimeToLiveSpecification: &types.TimeToLiveSpecification{AttributeName: aws.String(TTLAttr), Enabled: aws.Bool(true)},
	})
	if err != nil {
		return fmt.Errorf("dynamodb: enable TTL on %s: %w", table, err)
	}
	return nil
}
