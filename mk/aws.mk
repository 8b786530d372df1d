# AWS part: the DynamoDB store and everything that runs on it, tested against DynamoDB Local
# (installed on first use into .tools/, started on a free port, stopped afterwards).
DYNAMODB_TEST_PKGS ?= ./functions/store/dynamodb/

TEST_TARGETS += dynamodbtest

.PHONY: dynamodbtest dynamodb-local
dynamodbtest:
	infra/dynamodblocal/with.sh $(GO) test -count=1 $(DYNAMODB_TEST_PKGS)

# Installs DynamoDB Local without starting it.
dynamodb-local:
	infra/dynamodblocal/install.sh
