package dev.shellbox.usage.domain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.contracts.Limit;
import dev.shellbox.contracts.Operation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MeteringTest {
    @ParameterizedTest(name = "{3} {0} events (count {1}) add {4} to {2}")
    @CsvSource({
        "exec,           7, execs_per_day,           3, 3",
        "command,        7, commands_per_day,        3, 7",
        "file.read,      2, file_ops_per_day,        3, 2",
        "file.write,     2, file_ops_per_day,        1, 2",
        "file.op,        5, file_ops_per_day,        1, 5",
        "sandbox.create, 1, sandbox_creates_per_day, 2, 2",
        "process.start,  1, commands_per_day,        4, 1",
    })
    void mapsOperationsToTheirDailyLimit(String operation, long count, String limitKey, long events, long expected) {
        DailyCounters c = Metering.contribution(operation, events, count, 0);
        Limit limit = Limit.fromKey(limitKey);
        assertThat(c.get(limit)).isEqualTo(expected);
        for (Limit other : Limit.values()) {
            if (other != limit) {
                assertThat(c.get(other)).as(other.key()).isZero();
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"git.clone", "git", "something.new"})
    void countsOtherOperationsAgainstNoLimitButTheirContainerTime(String operation) {
        DailyCounters c = Metering.contribution(operation, 1, 1, 2500);
        assertThat(c.get(Limit.CONTAINER_SECONDS_PER_DAY)).isEqualTo(2500);
        assertThat(c.inLimitUnit(Limit.CONTAINER_SECONDS_PER_DAY)).isEqualTo(3);
        for (Limit other : Limit.values()) {
            if (other != Limit.CONTAINER_SECONDS_PER_DAY) {
                assertThat(c.get(other)).as(other.key()).isZero();
            }
        }
    }

    @ParameterizedTest
    @CsvSource({
        "execs_per_day, exec",
        "commands_per_day, command",
        "file_ops_per_day, file.op",
        "concurrent_sandboxes, sandbox.create",
        "max_output_bytes, exec"
    })
    void namesTheOperationARefusalStoodFor(String limit, String operation) {
        assertThat(Metering.operationFor(Limit.fromKey(limit))).isEqualTo(operation);
    }

    @ParameterizedTest
    @CsvSource({"exec, 9, 1", "sandbox.create, 4, 1", "command, 9, 9", "file.read, 3, 3"})
    void countsOperationsForTheMetric(String operation, long count, long expected) {
        assertThat(Metering.operations(operation, count)).isEqualTo(expected);
        assertThat(Operation.EXEC).isEqualTo("exec");
    }
}
