package dl2.traces;

import static dl2.traces.Fixtures.convert;
import static dl2.traces.Fixtures.epochsAt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.workload.NativeTraceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each adapter on a small hand-written file; epochs hand-computed from the spec's §3.2 table. */
class SourceAdaptersTest {
  @TempDir Path dir;

  private static void assertJob(
      ConvertedJob job, int id, double submit, JobType type, double epochs) {
    assertThat(job.id()).isEqualTo(id);
    assertThat(job.submitSeconds()).isEqualTo(submit);
    assertThat(job.type()).isEqualTo(type);
    assertThat(job.epochs()).isCloseTo(epochs, withinPercentage(0.01));
  }

  @Test
  void polluxWorkloadGivesEachApplicationItsOneGpuWork() {
    ConvertedTrace trace = convert(TraceSource.POLLUX, "pollux-workload.csv");
    // Sorted by time, ties (ncf, bert at 100 s) by line; re-based to the first arrival (40 s).
    assertThat(trace.jobs()).hasSize(4);
    assertJob(trace.jobs().get(0), 1, 0, JobType.RESNEXT_110, 4077 * 358.889 / 390); // 3751.77
    assertJob(trace.jobs().get(1), 2, 60, JobType.DSSM, 1502 * 490.352 / 349); // 2110.34
    assertJob(trace.jobs().get(2), 3, 60, JobType.WLM, 13817 * 306.032 / 165); // 25626.9
    assertJob(trace.jobs().get(3), 4, 210, JobType.RESNET_50, 533133 * 32.904 / 115); // 152541
  }

  @Test
  void gavelStepsBecomeOneGpuSecondsAtTheReferenceGpu() {
    // LM: 4800 steps / 4.0 steps/s = 1200 s; ResNet-50: 2400 / 2.0 = 1200 s (not the 2-GPU 3.5, not
    // k80's 0.5).
    ConvertedTrace trace = convert(TraceSource.GAVEL, "gavel/traces/seed=0/abc123.trace");
    assertThat(trace.jobs()).hasSize(2);
    assertJob(trace.jobs().get(0), 1, 0, JobType.WLM, 2225.69);
    assertJob(trace.jobs().get(1), 2, 10.5, JobType.RESNET_50, 343.34);
  }

  @Test
  void tiresiasUsesDurationAtTheRequestedGpusAndDropsZeroDuration() {
    ConvertedTrace trace = convert(TraceSource.TIRESIAS, "tiresias.csv");
    assertThat(trace.jobs()).hasSize(2);
    assertJob(trace.jobs().get(0), 1, 0, JobType.VGG_16, 161.59);
    assertJob(
        trace.jobs().get(1), 2, 30, JobType.INCEPTION_BN, 251.594 * 1200 / 120); // f(4,4): 2515.94
    assertThat(trace.withoutWork()).isEqualTo(1);
  }

  @Test
  void elasticFlowSortsByArrivalAndRebases() {
    ConvertedTrace trace = convert(TraceSource.ELASTICFLOW, "elasticflow.csv");
    assertThat(trace.jobs()).hasSize(2);
    assertJob(trace.jobs().get(0), 1, 0, JobType.WLM, 2 * 2225.69); // bert, 2400 s on 1 GPU
    assertJob(
        trace.jobs().get(1),
        2,
        100,
        JobType.SEQ2SEQ,
        433.859 * 1200 / 780); // deepspeech2 at f(4,4): 667.48
  }

  @Test
  void theElasticFlowItpReleaseNamesTheSubmitTimeSubmissionTime() {
    ConvertedTrace trace = convert(TraceSource.ELASTICFLOW, "elasticflow-itp.csv");
    assertThat(trace.jobs()).hasSize(2);
    assertJob(trace.jobs().get(0), 1, 0, JobType.RESNET_50, 343.34); // resnet50, 1200 s on 1 GPU
    assertJob(
        trace.jobs().get(1),
        2,
        566,
        JobType.WLM,
        293.763 * 3890 / 165); // bert, 3890 s at f(4,4): 6925.6
    assertThat(trace.withoutWork()).isEqualTo(1);
  }

  @Test
  void theRawItpTracesWithoutAModelGetSeededRowTypes() {
    ConvertedTrace trace = convert(TraceSource.ELASTICFLOW, "elasticflow-itp-raw.csv");
    JobType first =
        TraceMapping.typeOfRow(
            Fixtures.SEED, List.of("0c7e1a52-33f1-4b8e-9d0a-5f2b7c1e8a11", "16000", "1200", "1"));
    JobType second =
        TraceMapping.typeOfRow(
            Fixtures.SEED, List.of("6b2d9ccc-6279-403c-e1a2-cfe7810d5c57", "16566", "3890", "4"));
    assertThat(trace.jobs()).hasSize(2);
    assertJob(trace.jobs().get(0), 1, 0, first, epochsAt(first, 1, 1200));
    assertJob(trace.jobs().get(1), 2, 566, second, epochsAt(second, 4, 3890));
  }

  @Test
  void phillyRowsGetSeededRowTypesCappedGpusAndTimestampArrivals() {
    ConvertedTrace trace = convert(TraceSource.POLLUX_PHILLY, "philly.csv");
    JobType first =
        TraceMapping.typeOfRow(
            Fixtures.SEED, List.of("2017-10-09 06:13:03", "2951.0", "1", "2951.0", "6214e9"));
    JobType second =
        TraceMapping.typeOfRow(
            Fixtures.SEED, List.of("2017-10-09 07:01:55", "66.0", "1", "66.0", "11cb48"));
    JobType third =
        TraceMapping.typeOfRow(
            Fixtures.SEED, List.of("2017-10-09 08:00:00", "1200.0", "64", "76800.0", "6214e9"));
    assertThat(trace.jobs()).hasSize(3);
    assertJob(trace.jobs().get(0), 1, 0, first, epochsAt(first, 1, 2951));
    assertJob(trace.jobs().get(1), 2, 48 * 60 + 52, second, epochsAt(second, 1, 66));
    assertJob(trace.jobs().get(2), 3, 3600 + 46 * 60 + 57, third, epochsAt(third, 16, 1200));
    assertThat(trace.withoutWork()).isEqualTo(1);
    assertThat(trace.cappedGpus()).isEqualTo(1);
  }

  @Test
  void theWrittenFileReadsBackAsTheInMemoryTrace() throws IOException {
    ConvertedTrace converted = convert(TraceSource.GAVEL, "gavel/traces/seed=0/abc123.trace");
    Path file = dir.resolve("abc.csv");
    Files.writeString(file, converted.csv());
    assertThat(converted.csv()).startsWith("job_id,submit_time_s,model,epochs\n1,0,wlm,2225.");
    assertThat(NativeTraceReader.read(file, 300)).isEqualTo(converted.toTrace("abc", 300));
    Trace slots = converted.toTrace("abc", 10);
    assertThat(slots.jobs()).extracting(JobSpec::arrivalSlot).containsExactly(0, 1);
  }

  @Test
  void epochsAreRoundedToThousandths() {
    for (ConvertedJob job : convert(TraceSource.POLLUX, "pollux-workload.csv").jobs()) {
      assertThat(job.epochs() * 1000).isCloseTo(Math.rint(job.epochs() * 1000), within(1e-6));
    }
  }
}
