# AWS part: the DynamoDB store and everything that runs on it, tested against DynamoDB Local
# (installed on first use into .tools/, started on a free port, stopped afterwards).
DYNAMODB_TEST_PKGS ?= ./functions/store/dynamodb/ ./functions/aws/lambdahandler/ ./functions/aws/runtimetest/

TEST_TARGETS += dynamodbtest

.PHONY: dynamodbtest dynamodb-local
# The store contract suite, the handler and runtime tests, then the end-to-end WebSocket
# suite of `madang serve` a second time with --store dynamodb, all on one DynamoDB Local.
dynamodbtest:
	infra/dynamodblocal/with.sh sh -c '$(GO) test -count=1 $(DYNAMODB_TEST_PKGS) && \
	  MADANG_E2E_STORE=dynamodb $(GO) test -count=1 -run E2E ./infra/cmd/madang/'

# Installs DynamoDB Local without starting it.
dynamodb-local:
	infra/dynamodblocal/install.sh

# The Lambda functions as AWS runs them: provided.al2023 on arm64, one bootstrap each.
LAMBDAS := connect disconnect message ai

.PHONY: lambdas
lambdas:
	@for f in $(LAMBDAS); do \
	  GOOS=linux GOARCH=arm64 CGO_ENABLED=0 $(GO) build -tags lambda.norpc -trimpath -ldflags='-s -w' \
	    -o $(BIN)/lambda/$$f/bootstrap ./functions/$$f || exit 1; \
	  printf '%-12s %s bytes\n' $$f $$(stat -c %s $(BIN)/lambda/$$f/bootstrap); \
	done
