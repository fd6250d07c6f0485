package dl2.traces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.model.JobType;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Time splits on hand-made files. {@code splits.csv}: 10 vgg-16 jobs on 1 GPU arriving at 0, 0, 0,
 * 30, 40, 50, 60, 70, 80, 90 s, job k running k·1200 s (k·161.59 epochs). Span 90 s: train before
 * 54 s (6 jobs), validation before 72 s (60, 70), test from 72 s (80, 90).
 */
class SplitTraceTest {
  private static SplitTrace split(int windowJobs) {
    return SplitTrace.of(
        TraceSource.TIRESIAS,
        Fixtures.resource("splits.csv"),
        ConversionSettings.defaults(1),
        "splits",
        windowJobs);
  }

  private static double epochs(int k) {
    return TraceMapping.epochs(JobType.VGG_16, 1, k * 1200.0);
  }

  @Test
  void windowsStayInsideTheirPartAndLeftoversAreDropped() {
    SplitTrace trace = split(4);
    assertThat(trace.windows(TimeSplit.TRAIN))
        .containsExactly(new SplitWindow("splits-train-4j-0", TimeSplit.TRAIN, 0, 0, 4));
    assertThat(trace.windows(TimeSplit.VALIDATION)).isEmpty();
    assertThat(trace.windows(TimeSplit.TEST)).isEmpty();
    SplitTrace pairs = split(2);
    assertThat(pairs.windows(TimeSplit.TRAIN))
        .extracting(SplitWindow::start)
        .containsExactly(0, 2, 4);
    assertThat(pairs.windows(TimeSplit.VALIDATION))
        .containsExactly(new SplitWindow("splits-validation-2j-0", TimeSplit.VALIDATION, 0, 6, 2));
    assertThat(pairs.windows(TimeSplit.TEST))
        .containsExactly(new SplitWindow("splits-test-2j-0", TimeSplit.TEST, 0, 8, 2));
  }

  @Test
  void aWindowConvertsLikeConvertWithStartAndJobs() {
    SplitTrace trace = split(2);
    ConvertedTrace window = trace.convert(trace.window(TimeSplit.VALIDATION, 0));
    assertThat(window.jobs())
        .containsExactly(
            new ConvertedJob(1, 0, JobType.VGG_16, epochs(7)),
            new ConvertedJob(2, 10, JobType.VGG_16, epochs(8)));
    TraceWindow same = new TraceWindow(6, OptionalInt.of(2), Optional.empty());
    ConvertedTrace converted =
        TraceConverter.convert(
            TraceSource.TIRESIAS,
            Fixtures.resource("splits.csv"),
            new ConversionSettings(1, Optional.empty(), same, BadRows.fail()));
    assertThat(window).isEqualTo(converted);
  }

  /**
   * Slots of 20 s from each part's start. Train (0..54 s, 3 slots): 3, 1, 2 arrivals; validation
   * (54..72 s, 1 slot): 2; test (72..90 s, 1 slot): 2. Epoch percentiles by nearest rank.
   */
  @Test
  void statsPerPart() {
    SplitTrace trace = split(2);
    SplitStats train = trace.stats(TimeSplit.TRAIN, 20);
    assertThat(train)
        .isEqualTo(
            new SplitStats(
                TimeSplit.TRAIN,
                6,
                3,
                0,
                54,
                epochs(3),
                epochs(6),
                epochs(6),
                epochs(6),
                3,
                2,
                3,
                3));
    assertThat(trace.stats(TimeSplit.VALIDATION, 20))
        .isEqualTo(
            new SplitStats(
                TimeSplit.VALIDATION,
                2,
                1,
                54,
                72,
                epochs(7),
                epochs(8),
                epochs(8),
                epochs(8),
                1,
                2,
                2,
                2));
    assertThat(trace.stats(TimeSplit.TEST, 20))
        .isEqualTo(
            new SplitStats(
                TimeSplit.TEST,
                2,
                1,
                72,
                90,
                epochs(9),
                epochs(10),
                epochs(10),
                epochs(10),
                1,
                2,
                2,
                2));
  }

  /**
   * philly-splits.csv: VC a at 0, 60 and 600 s, VC b at 120, 480 and 540 s. The file spans 600 s,
   * so validation starts at 360 s and test at 480 s for both clusters: b has 1 train and 2 test
   * jobs.
   */
  @Test
  void virtualClustersShareTheFilesBoundaries() {
    TraceWindow vcB = new TraceWindow(0, OptionalInt.empty(), Optional.of("b"));
    SplitTrace b =
        SplitTrace.of(
            TraceSource.POLLUX_PHILLY,
            Fixtures.resource("philly-splits.csv"),
            new ConversionSettings(1, Optional.empty(), vcB, BadRows.fail()),
            "philly-b",
            1);
    assertThat(b.windows(TimeSplit.TRAIN)).hasSize(1);
    assertThat(b.windows(TimeSplit.VALIDATION)).isEmpty();
    assertThat(b.windows(TimeSplit.TEST))
        .extracting(SplitWindow::name)
        .containsExactly("philly-b-test-1j-0", "philly-b-test-1j-1");
    assertThat(b.secondsAt(0.8) - b.secondsAt(0)).isEqualTo(480);
  }

  @Test
  void badRequests() {
    assertThatThrownBy(() -> split(0))
        .isInstanceOf(InputException.class)
        .hasMessage("--window-jobs must be at least 1: 0");
    assertThatThrownBy(() -> split(2).window(TimeSplit.TEST, 1))
        .isInstanceOf(InputException.class)
        .hasMessage("--index 1: the test split has 1 windows of 2 jobs (0..0)");
    assertThatThrownBy(() -> split(4).window(TimeSplit.TEST, 0))
        .isInstanceOf(InputException.class)
        .hasMessage("--index 0: the test split has 0 windows of 4 jobs");
    TraceWindow cut = new TraceWindow(1, OptionalInt.empty(), Optional.empty());
    assertThatThrownBy(
            () ->
                SplitTrace.of(
                    TraceSource.TIRESIAS,
                    Fixtures.resource("splits.csv"),
                    new ConversionSettings(1, Optional.empty(), cut, BadRows.fail()),
                    "x",
                    2))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("cannot be combined with --start or --jobs");
    assertThatThrownBy(() -> TimeSplit.byName("dev"))
        .isInstanceOf(InputException.class)
        .hasMessage("--split must be train, validation or test: 'dev'");
    assertThat(List.of(TimeSplit.values()))
        .extracting(TimeSplit::cliName)
        .containsExactly("train", "validation", "test");
  }
}
