package dl2.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** Progress lines for logs: nothing for short runs, then one plain line per interval. */
class ProgressLogTest {
  private final long[] nanos = {0};
  private final StringWriter err = new StringWriter();

  private ProgressLog log(long total, String unit) {
    return new ProgressLog("train-sl drf", total, unit, new PrintWriter(err), () -> nanos[0]);
  }

  @Test
  void aRunShorterThanTheIntervalPrintsNothing() {
    ProgressLog log = log(600, " steps");
    nanos[0] = ProgressLog.INTERVAL_NANOS - 1;
    log.stepTo(600);
    log.tick();
    log.close();
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void aLongRunPrintsOneLinePerIntervalWithEtaAndMessageThenALastLine() {
    ProgressLog log = log(600, " steps");
    log.stepTo(150);
    log.message("val JCT 0.876 (teacher 0.900)");
    nanos[0] = 10_000_000_000L;
    log.tick();
    nanos[0] += 1_000_000_000L;
    log.tick(); // not due yet
    nanos[0] = 75_000_000_000L;
    log.stepTo(600);
    log.close();
    assertThat(err.toString().lines())
        .containsExactly(
            "train-sl drf: 150/600 steps (25%), 0:10 elapsed, ETA 0:30 | val JCT 0.876 (teacher 0.900)",
            "train-sl drf: 600/600 steps (100%), 1:15 elapsed, done (8.0 steps/s) | val JCT 0.876 (teacher 0.900)");
  }

  @Test
  void stepsFromSeveralThreadsAddUp() throws InterruptedException {
    ProgressLog log = log(2000, " traces");
    Thread a =
        new Thread(
            () -> {
              for (int i = 0; i < 1000; i++) {
                log.step();
              }
            });
    Thread b =
        new Thread(
            () -> {
              for (int i = 0; i < 1000; i++) {
                log.step();
              }
            });
    a.start();
    b.start();
    a.join();
    b.join();
    assertThat(log.line(3_600_000_000_000L))
        .isEqualTo("train-sl drf: 2000/2000 traces (100%), 1:00:00 elapsed, done (0.6 traces/s)");
  }

  @Test
  void aResumedRunCountsItsRateAndEtaFromWhereItResumed() {
    ProgressLog log = log(100, " steps");
    log.startAt(40); // the checkpoint was at step 40
    nanos[0] = 10_000_000_000L;
    log.stepTo(60); // 20 steps in 10 s: 2 steps/s, 40 steps left
    assertThat(log.line(nanos[0]))
        .isEqualTo("train-sl drf: 60/100 steps (60%), 0:10 elapsed, ETA 0:20");
    nanos[0] = 30_000_000_000L;
    log.stepTo(100);
    assertThat(log.line(nanos[0]))
        .isEqualTo("train-sl drf: 100/100 steps (100%), 0:30 elapsed, done (2.0 steps/s)");
  }
}
