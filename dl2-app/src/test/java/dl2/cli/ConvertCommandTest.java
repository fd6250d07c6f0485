package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dl2 convert} and {@code bench-trace}: exit codes, atomic output, bad rows, and that
 * simulate runs the result.
 */
class ConvertCommandTest {
  private static final String TIRESIAS =
      "job_id,num_gpu,submit_time,iterations,model_name,duration,interval\n"
          + "0,1,1200,606,vgg16,1200,30\n1,4,0,133,inception3,1200,23\n2,2,2400,157,resnet50,600,26\n";

  @TempDir Path dir;

  private Path input(String content) throws IOException {
    Path file = dir.resolve("jobs.csv");
    Files.writeString(file, content);
    return file;
  }

  private void assertRejected(CliRun run, String expected) {
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("dl2: ")
        .contains(expected)
        .hasLineCount(1)
        .doesNotContain("\tat ");
    assertThat(run.out()).isEmpty();
    assertThat(dir.resolve("out.csv")).doesNotExist();
  }

  @Test
  void convertsAndSimulateRunsTheResult() throws IOException {
    Path out = dir.resolve("out.csv");
    CliRun run =
        CliRun.of(
            "convert", "--from", "tiresias", input(TIRESIAS).toString(), "--out", out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .startsWith("wrote " + out + ": 3 jobs (3 read;")
        .contains("arrivals span 2400 s");
    // inception3 on 4 GPUs: f(4,4) = 251.594 samples/s, epoch size 120 → 2515.94 epochs in 1200 s.
    assertThat(Files.readAllLines(out))
        .hasSize(4)
        .startsWith("job_id,submit_time_s,model,epochs")
        .element(1)
        .asString()
        .startsWith("1,0,inception-bn,2515.9");
    CliRun simulate =
        CliRun.of(
            "simulate",
            "--scheduler",
            "drf",
            "--workload",
            "paper-testbed",
            "--trace",
            out.toString());
    assertThat(simulate.exitCode()).as(simulate.err()).isZero();
    assertThat(simulate.out()).contains("out ", " 3 ");
  }

  @Test
  void windowAndCompare() throws IOException {
    Path out = dir.resolve("out.csv");
    CliRun run =
        CliRun.of(
            "convert",
            "--from",
            "tiresias",
            input(TIRESIAS).toString(),
            "--out",
            out.toString(),
            "--start",
            "1",
            "--jobs",
            "1");
    assertThat(run.exitCode()).as(run.err()).isZero();
    // vgg-16 on 1 GPU for 1200 s: 161.59 epochs (dl2-spec §3.2 table); the window's job arrives at
    // 0.
    assertThat(Files.readAllLines(out))
        .hasSize(2)
        .element(1)
        .asString()
        .startsWith("1,0,vgg-16,161.59");
    CliRun compare =
        CliRun.of(
            "compare", "--workload", "paper-testbed", "--no-policy", "--trace", out.toString());
    assertThat(compare.exitCode()).as(compare.err()).isZero();
  }

  @Test
  void aBadRowIsAnErrorWithFileAndLine() throws IOException {
    Path in = input(TIRESIAS + "3,1,9,1,vgg16,soon,1\n");
    assertRejected(
        CliRun.of(
            "convert",
            "--from",
            "tiresias",
            in.toString(),
            "--out",
            dir.resolve("out.csv").toString()),
        in + ":5: field 'duration': not a number: 'soon'");
  }

  @Test
  void skipBadRowsReportsEachOnStderr() throws IOException {
    Path in = input(TIRESIAS + "3,1,9,1,vgg16,soon,1\n4,1,9,1,mobilenet,5,1\n");
    Path out = dir.resolve("out.csv");
    CliRun run =
        CliRun.of(
            "convert",
            "--from",
            "tiresias",
            in.toString(),
            "--out",
            out.toString(),
            "--skip-bad-rows");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err().lines())
        .containsExactly(
            "dl2: skipped bad row: " + in + ":5: field 'duration': not a number: 'soon'",
            "dl2: skipped bad row: "
                + in
                + ":6: field 'model_name': unknown model 'mobilenet'; known models: "
                + dl2.traces.TraceMapping.knownModels());
    assertThat(run.out()).contains("3 jobs (3 read; left out: 2 bad rows");
    assertThat(Files.readAllLines(out)).hasSize(4);
  }

  @Test
  void wholeFileProblemsAreErrorsEvenWhenSkipping() throws IOException {
    Path in = input("job_id,num_gpu\n1,1\n");
    assertRejected(
        CliRun.of(
            "convert",
            "--from",
            "tiresias",
            in.toString(),
            "--out",
            dir.resolve("out.csv").toString(),
            "--skip-bad-rows"),
        in + ":1: field 'submit_time': missing column");
    Path empty = input("");
    assertRejected(
        CliRun.of(
            "convert",
            "--from",
            "tiresias",
            empty.toString(),
            "--out",
            dir.resolve("out.csv").toString()),
        "is empty");
  }

  /**
   * Both published ElasticFlow headers: ElasticFlow's own philly_<vc>.csv and the ITP release's
   * submission_time.
   */
  @Test
  void elasticFlowAcceptsBothHeaderVariants() throws IOException {
    Path out = dir.resolve("out.csv");
    Path own =
        input(
            "job_id,submit_time,real_iteration,model_name,ddl,batch_size,num_gpu,real_duration,duration,iteration\n"
                + "0,600,1000,resnet50,5000,64,1,1200,1200,1000\n");
    CliRun run =
        CliRun.of("convert", "--from", "elasticflow", own.toString(), "--out", out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(Files.readAllLines(out))
        .containsExactly(
            "job_id,submit_time_s,model,epochs",
            "1,0,resnet-50,343.342"); // f(1,1) · 1200 s / epoch size, to 0.001
    Path itp =
        input(
            "job_id,submission_time,num_iteration,model_name,deadline,batch_size,num_gpu,duration\n"
                + "6b2d9ccc-6279-403c-e1a2-cfe7810d5c57,16566,40285,resnet50,21347,64,1,1200\n");
    run = CliRun.of("convert", "--from", "elasticflow", itp.toString(), "--out", out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(Files.readAllLines(out))
        .containsExactly(
            "job_id,submit_time_s,model,epochs",
            "1,0,resnet-50,343.342"); // f(1,1) · 1200 s / epoch size, to 0.001
    Files.delete(out);
    Path bad = input("job_id,submission_time,duration,num_gpu\na,0,5,1\nb,later,5,1\n");
    assertRejected(
        CliRun.of("convert", "--from", "elasticflow", bad.toString(), "--out", out.toString()),
        bad + ":3: field 'submission_time': not a number: 'later'");
  }

  /**
   * 10 jobs at 0..90 s (span 90): train before 54 s (6 jobs), validation before 72 s (2), test (2).
   */
  private static final String SPLITS =
      "job_id,num_gpu,submit_time,iterations,model_name,duration,interval\n"
          + "0,1,0,1,vgg16,1200,0\n1,1,10,1,vgg16,1200,0\n2,1,20,1,vgg16,1200,0\n3,1,30,1,vgg16,1200,0\n4,1,40,1,vgg16,1200,0\n"
          + "5,1,50,1,vgg16,1200,0\n6,1,60,1,vgg16,1200,0\n7,1,70,1,vgg16,1200,0\n8,1,80,1,vgg16,1200,0\n9,1,90,1,vgg16,1200,0\n";

  @Test
  void splitsListWriteOneWindowOrAll() throws IOException {
    String in = input(SPLITS).toString();
    CliRun list =
        CliRun.of(
            "convert",
            "--from",
            "tiresias",
            in,
            "--window-jobs",
            "2",
            "--split",
            "train",
            "--list");
    assertThat(list.exitCode()).as(list.err()).isZero();
    assertThat(list.out())
        .contains("arrival span of the file: 90 s", "validation from 54 s, test from 72 s")
        .containsPattern("train\\s+6\\s+3\\s+162")
        .containsPattern("test\\s+2\\s+1\\s")
        .contains("2 jobs-train-2j-2: jobs 4..5, arrivals over 0.0 slots");
    Path out = dir.resolve("out.csv");
    CliRun one =
        CliRun.of(
            "convert",
            "--from",
            "tiresias",
            in,
            "--window-jobs",
            "2",
            "--split",
            "test",
            "--index",
            "0",
            "--out",
            out.toString());
    assertThat(one.exitCode()).as(one.err()).isZero();
    assertThat(Files.readAllLines(out))
        .containsExactly(
            "job_id,submit_time_s,model,epochs", "1,0,vgg-16,161.592", "2,10,vgg-16,161.592");
    Path all = dir.resolve("windows");
    CliRun every =
        CliRun.of(
            "convert",
            "--from",
            "tiresias",
            in,
            "--window-jobs",
            "3",
            "--split",
            "train",
            "--out-dir",
            all.toString());
    assertThat(every.exitCode()).as(every.err()).isZero();
    assertThat(all.resolve("jobs-train-3j-0.csv")).exists();
    assertThat(Files.readAllLines(all.resolve("jobs-train-3j-1.csv")))
        .element(1)
        .isEqualTo("1,0,vgg-16,161.592");
    assertThat(every.out())
        .isEqualTo(
            "2 windows of the train split in "
                + all
                + " (jobs-train-3j-0 … jobs-train-3j-1: jobs 0..5 of the trace in arrival order)\n");
  }

  @Test
  void badSplitRequests() throws IOException {
    String in = input(SPLITS).toString();
    String out = dir.resolve("out.csv").toString();
    assertRejected(
        CliRun.of("convert", "--from", "tiresias", in, "--split", "test", "--list"),
        "--window-jobs N is needed");
    assertRejected(
        CliRun.of(
            "convert", "--from", "tiresias", in, "--window-jobs", "2", "--split", "dev", "--list"),
        "--split must be train, validation or test: 'dev'");
    assertRejected(
        CliRun.of(
            "convert",
            "--from",
            "tiresias",
            in,
            "--window-jobs",
            "2",
            "--split",
            "test",
            "--index",
            "1",
            "--out",
            out),
        "--index 1: the test split has 1 windows of 2 jobs (0..0)");
    assertRejected(
        CliRun.of(
            "convert",
            "--from",
            "tiresias",
            in,
            "--window-jobs",
            "2",
            "--split",
            "test",
            "--out",
            out),
        "--index K and --out FILE go together");
    assertRejected(
        CliRun.of("convert", "--from", "tiresias", in, "--window-jobs", "2", "--split", "test"),
        "exactly one of --list");
    assertRejected(
        CliRun.of(
            "convert",
            "--from",
            "tiresias",
            in,
            "--window-jobs",
            "2",
            "--out",
            out,
            "--index",
            "0"),
        "--split PART is needed");
    assertRejected(
        CliRun.of(
            "convert", "--from", "tiresias", in, "--window-jobs", "2", "--list", "--start", "1"),
        "cannot be combined with --start or --jobs");
    assertRejected(
        CliRun.of("convert", "--from", "tiresias", in, "--window-jobs", "0", "--list"),
        "--window-jobs must be at least 1");
  }

  @Test
  void badFlags() throws IOException {
    String in = input(TIRESIAS).toString();
    String out = dir.resolve("out.csv").toString();
    assertRejected(
        CliRun.of("convert", "--from", "philly", in, "--out", out),
        "unknown trace source 'philly'; valid sources: pollux, pollux-philly, gavel, tiresias, elasticflow");
    assertRejected(
        CliRun.of("convert", "--from", "tiresias", in, "--out", out, "--vc", "6214e9"),
        "--vc: tiresias traces have no virtual clusters");
    assertRejected(
        CliRun.of("convert", "--from", "tiresias", in, "--out", out, "--throughputs", in),
        "--throughputs applies to --from gavel only");
    assertRejected(
        CliRun.of("convert", "--from", "tiresias", in, "--out", out, "--jobs", "0"),
        "--jobs must be at least 1");
    assertRejected(
        CliRun.of("convert", "--from", "tiresias", in, "--out", out, "--start", "3"),
        "--start 3: the trace has only 3 jobs");
    assertRejected(CliRun.of("convert", "--from", "tiresias", in), "--out FILE is needed");
    assertRejected(
        CliRun.of(
            "convert", "--from", "tiresias", dir.resolve("none.csv").toString(), "--out", out),
        "cannot be read");
  }

  @Test
  void benchTraceReportsTimeAndHeap() throws IOException {
    CliRun run =
        CliRun.of(
            "bench-trace",
            input(TIRESIAS).toString(),
            "--from",
            "tiresias",
            "--workload",
            "paper-testbed");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains(
            "bench-trace: drf on jobs, paper-testbed with 6 nodes",
            "3 jobs",
            "wall time:",
            "peak heap:");
    assertRejected(
        CliRun.of(
            "bench-trace", input(TIRESIAS).toString(), "--from", "tiresias", "--scheduler", "best"),
        "valid schedulers");
  }

  @Test
  void benchTraceRunsATrainedPolicy() throws IOException {
    String policy = Path.of("..", "policies", "paper-small.policy").toString();
    CliRun run =
        CliRun.of(
            "bench-trace",
            input(TIRESIAS).toString(),
            "--from",
            "tiresias",
            "--workload",
            "paper-small",
            "--scheduler",
            "dl2",
            "--policy",
            policy);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains(
            "bench-trace: dl2 on jobs, paper-small", "policy " + policy, "3 jobs", "wall time:");
    assertRejected(
        CliRun.of(
            "bench-trace", input(TIRESIAS).toString(), "--from", "tiresias", "--scheduler", "dl2"),
        "scheduler dl2 needs a trained policy");
  }
}
