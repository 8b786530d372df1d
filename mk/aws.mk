# AWS part: the DynamoDB store and everything that runs on it, tested against DynamoDB Local
# (installed on first use into .tools/, started on a free port, stopped afterwards).
DYNAMODB_TEST_PKGS ?= ./functions/store/dynamodb/ ./functions/aws/lambda/

TEST_TARGETS += dynamodbtest aws-e2e

.PHONY: dynamodbtest dynamodb-local
# The store contract suite, the handler and runtime tests, then the end-to-end WebSocket
# suite of `madang serve` a second time with --store dynamodb, all on one DynamoDB Local.
dynamodbtest:
	infra/dynamodblocal/with.sh sh -c '$(GO) test -count=1 $(DYNAMODB_TEST_PKGS) && \
	  MADANG_E2E_STORE=dynamodb $(GO) test -count=1 -run E2E ./infra/cmd/madang/'

# Installs DynamoDB Local without starting it.
dynamodb-local:
	infra/dynamodblocal/install.sh

# The Lambda functions as AWS runs them: provided.al2023, one bootstrap each, built by one
# recipe for `make lambdas`, for `sam build` (template.yaml's BuildMethod: makefile runs
# `make build-<LogicalId>` with ARTIFACTS_DIR set) and for `make aws-e2e` (LAMBDA_ARCH set to
# this machine's architecture). LAMBDA_FUNCTIONS pairs each template logical id with its
# folder under functions/.
LAMBDA_ARCH      ?= arm64
LAMBDA_FUNCTIONS := ConnectFunction:connect DisconnectFunction:disconnect MessageFunction:message AIFunction:ai
LAMBDAS          := $(foreach f,$(LAMBDA_FUNCTIONS),$(word 2,$(subst :, ,$(f))))
LAMBDA_GOBUILD    = GOOS=linux GOARCH=$(LAMBDA_ARCH) CGO_ENABLED=0 $(GO) build -tags lambda.norpc -trimpath -ldflags='-s -w'

define lambda_target
.PHONY: build-$(1)
build-$(1):
	@test -n "$$(ARTIFACTS_DIR)" || (echo "build-$(1): set ARTIFACTS_DIR"; exit 1)
	$$(LAMBDA_GOBUILD) -o $$(ARTIFACTS_DIR)/bootstrap ./functions/$(2)
endef
$(foreach f,$(LAMBDA_FUNCTIONS),$(eval $(call lambda_target,$(word 1,$(subst :, ,$(f))),$(word 2,$(subst :, ,$(f))))))

.PHONY: lambdas
lambdas:
	@for f in $(LAMBDA_FUNCTIONS); do \
	  id=$${f%%:*}; dir=$${f#*:}; \
	  $(MAKE) --no-print-directory -s build-$$id ARTIFACTS_DIR=$(CURDIR)/$(BIN)/lambda/$$dir || exit 1; \
	  printf '%-12s %s bytes\n' $$dir $$(stat -c %s $(BIN)/lambda/$$dir/bootstrap); \
	done

# The real Lambda binaries end to end (infra/awse2e): each under the official Lambda Runtime
# Interface Emulator (installed on first use into .tools/bin, pinned here), behind the local
# gateway in Lambda mode, on DynamoDB Local, with the SQS test double as the delay queue.
# The test builds the four functions with the build-<LogicalId> targets above for this
# machine's architecture and writes its figures to AWS_E2E_REPORT (a summary in the log).
RIE_VERSION    ?= v0.0.0-20261030222936-bef5c4ba774d
AWS_E2E_REPORT ?= $(BIN)/aws-e2e-report.json

.PHONY: aws-e2e rie
aws-e2e: rie
	@mkdir -p $(BIN)
	infra/dynamodblocal/with.sh bash -c 'set -o pipefail; MADANG_RIE=$(CURDIR)/.tools/bin/aws-lambda-rie MADANG_AWSE2E_REPORT=$(CURDIR)/$(AWS_E2E_REPORT) \
	  $(GO) test -count=1 -timeout 10m -v ./infra/lambdalocal/ ./infra/awse2e/ | grep -v "^=== \(RUN\|PAUSE\|CONT\|NAME\)"'

# Installs the Runtime Interface Emulator without running anything.
rie:
	GO=$(GO) infra/lambdalocal/install-rie.sh $(RIE_VERSION)
