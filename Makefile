# Shellbox: `make run` starts the whole suite locally, `make test` runs every test.
MVN ?= mvn -B
LAUNCHER := dev-stack/target/dev-stack.jar

.PHONY: build run stop test clean

## build: compile and package every module (services as runnable Quarkus apps), without tests
build:
	$(MVN) -q install -DskipTests

## run: build, then start PostgreSQL (if needed), Kafka, S3Proxy and the four services; Ctrl-C stops them
run:
	@if [ -f .shellbox/run.pid ] && kill -0 "$$(cat .shellbox/run.pid)" 2>/dev/null; then \
		echo "Shellbox is already running (pid $$(cat .shellbox/run.pid)); see .shellbox/local.env, stop it with 'make stop'"; \
		exit 1; \
	fi
	$(MAKE) --no-print-directory build
	java -jar $(LAUNCHER) run

## stop: stop a stack started by `make run`
stop:
	@if [ -f $(LAUNCHER) ]; then java -jar $(LAUNCHER) stop; else echo "Shellbox was not running"; fi

## test: every test of every module, with a Kafka broker and an S3 endpoint started for them
test:
	$(MVN) -q install -DskipTests -pl dev-stack -am
	java -jar $(LAUNCHER) with-test-infra $(MVN) verify

clean:
	$(MVN) -q clean
