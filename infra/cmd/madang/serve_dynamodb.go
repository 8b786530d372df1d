package main

import (
	"context"
	"fmt"
	"time"

	"madang/functions/store/dynamodb"
)

// openDynamoDB opens the DynamoDB store of `madang serve --store dynamodb`. With an endpoint
// (DynamoDB Local) it creates the table when missing, as template.yaml declares it; without
// one it uses the table on AWS as deployed (it never creates tables in an AWS account).
func openDynamoDB(ctx context.Context, endpoint, table string) (*dynamodb.Store, error) {
	if table == "" {
		return nil, fmt.Errorf("--dynamodb-table is empty")
	}
	client, err := dynamodb.NewClient(ctx, endpoint)
	if err != nil {
		return nil, err
	}
	if endpoint != "" {
		cctx, cancel := context.WithTimeout(ctx, 90*time.Second)
		defer cancel()
		if err := dynamodb.CreateTable(cctx, client, table); err != nil {
			return nil, fmt.Errorf("dynamodb at %s: %w", endpoint, err)
		}
	}
	return dynamodb.New(client, table), nil
}
