package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.schedulers.Schedulers;
import org.junit.jupiter.api.Test;

class BenchCommandTest {
  @Test
  void reportsEveryBaselineAndTheTotal() {
    CliRun run = CliRun.of("bench", "--workload", "paper-testbed", "--traces", "2", "--repeat", "3");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("slots/s", "all " + Schedulers.BASELINES.size(), "3 repeat(s)", "1 thread(s)");
    assertThat(run.out().lines().filter(l -> l.matches("^(drf|fifo|srtf|tetris|optimus) .*"))).hasSize(5);
  }

  @Test
  void medianOfEvenCountAveragesTheMiddlePair() {
    assertThat(BenchCommand.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
    assertThat(BenchCommand.median(new double[] {5, 1, 3})).isEqualTo(3);
  }
}
